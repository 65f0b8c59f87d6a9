/**
 * The benchmark's SOCKS5 client side (RFC 1928 CONNECT to an IPv4 address, RFC 1929
 * username/password), as bytes and one step function: used by the new-tunnel figure (run.ts) and
 * by the small-request load generator (socks-load.ts). It offers both "no authentication" and
 * username/password, so one client serves a proxy that asks for a login and one that does not;
 * each message waits for the proxy's reply to the one before, as curl does.
 */

export type SocksLogin = { user: string; password: string };

/** Where a client is: waiting for the chosen method, the login's verdict, the CONNECT reply. */
export type SocksStage = 'method' | 'login' | 'connect' | 'open';

/** Version 5, two methods: 0x00 (none) and 0x02 (username/password). */
export const GREETING = Buffer.from([0x05, 0x02, 0x00, 0x02]);

export const loginMessage = ({ user, password }: SocksLogin) => {
  const name = Buffer.from(user);
  const secret = Buffer.from(password);
  return Buffer.concat([
    Buffer.from([0x01, name.length]),
    name,
    Buffer.from([secret.length]),
    secret,
  ]);
};

export const connectMessage = (host: string, port: number) => {
  const octets = host.split('.').map(Number);
  if (octets.length !== 4 || octets.some((octet) => !(octet >= 0 && octet <= 255)))
    throw new Error(`not an IPv4 address: ${host}`);
  return Buffer.from([0x05, 0x01, 0x00, 0x01, ...octets, port >> 8, port & 0xff]);
};

export type SocksMessages = { login: Buffer; connect: Buffer };

export const socksMessages = (login: SocksLogin, host: string, port: number): SocksMessages => ({
  login: loginMessage(login),
  connect: connectMessage(host, port),
});

/**
 * Reads the proxy's reply to `stage` from bytes[start, end): `taken` 0 while it is not all there;
 * otherwise the bytes it took, the next stage, and what to send now (null once open). A refusal
 * (no acceptable method, a failed login, a CONNECT reply other than 0x00) throws.
 */
export const socksStep = (
  stage: SocksStage,
  bytes: Buffer,
  start: number,
  end: number,
  messages: SocksMessages,
): { taken: number; stage: SocksStage; send: Buffer | null } => {
  const have = end - start;
  if (stage === 'method') {
    if (have < 2) return { taken: 0, stage, send: null };
    const method = bytes[start + 1];
    if (bytes[start] !== 0x05 || (method !== 0x00 && method !== 0x02))
      throw new Error(`SOCKS5 greeting refused: ${bytes[start]} ${method}`);
    return method === 0x02
      ? { taken: 2, stage: 'login', send: messages.login }
      : { taken: 2, stage: 'connect', send: messages.connect };
  }
  if (stage === 'login') {
    if (have < 2) return { taken: 0, stage, send: null };
    if (bytes[start + 1] !== 0x00) throw new Error(`SOCKS5 login refused: ${bytes[start + 1]}`);
    return { taken: 2, stage: 'connect', send: messages.connect };
  }
  if (stage === 'connect') {
    if (have < 5) return { taken: 0, stage, send: null };
    if (bytes[start] !== 0x05 || bytes[start + 1] !== 0x00)
      throw new Error(`SOCKS5 CONNECT refused: reply ${bytes[start + 1]}`);
    const type = bytes[start + 3];
    // The bound address: IPv4, IPv6 or a name with its length byte; then the port.
    const address = type === 0x01 ? 4 : type === 0x04 ? 16 : 1 + (bytes[start + 4] as number);
    const length = 4 + address + 2;
    if (have < length) return { taken: 0, stage, send: null };
    return { taken: length, stage: 'open', send: null };
  }
  return { taken: 0, stage, send: null };
};
