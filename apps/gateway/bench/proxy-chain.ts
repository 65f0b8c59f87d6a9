// proxy-chain 3 (the Node peer) with Basic auth against one login, in its own process.
import { Server } from 'proxy-chain';

const [host = '127.0.0.4', portText = '0', login = '', password = ''] = process.argv.slice(2);
const server = new Server({
  host,
  port: Number(portText),
  verbose: false,
  prepareRequestFunction: ({ username, password: given }) => ({
    requestAuthentication: username !== login || given !== password,
  }),
});
await server.listen();
process.stdout.write(`ready ${server.port}\n`);
