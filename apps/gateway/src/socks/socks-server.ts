import net from 'node:net';
import { untargeted, type Authorized } from '../auth/authenticate.ts';
import { isHostName } from '../http/targets.ts';
import { serve } from '../pipeline/pipeline.ts';
import type { ProxyContext } from '../proxy-context.ts';
import {
  AUTH_VERSION,
  MAX_HANDSHAKE_BYTES,
  METHOD,
  parseCredentials,
  parseGreeting,
  parseRequest,
  REPLY,
  requestReply,
  SOCKS_VERSION,
} from './socks-handshake.ts';

const AUTH_OK = Buffer.from([AUTH_VERSION, 0x00]);
const AUTH_FAILED = Buffer.from([AUTH_VERSION, 0x01]);
const CHOOSE_USERPASS = Buffer.from([SOCKS_VERSION, METHOD.userPass]);
const NO_ACCEPTABLE_METHOD = Buffer.from([SOCKS_VERSION, METHOD.noneAcceptable]);
const CHOOSE_NO_AUTH = Buffer.from([SOCKS_VERSION, METHOD.noAuth]);

type Stage = 'greeting' | 'credentials' | 'request' | 'connecting';

// Shared by every socket (`this` is the socket): a tunnel's client keeps no closure of its
// handshake once the handshake is over.
function destroyThisSocket(this: net.Socket) {
  this.destroy();
}

/** Who may use a SOCKS5 port, and how. */
export type SocksAccess = {
  /** Whether RFC 1929 username/password is offered (the shared port; not list ports). */
  credentials: boolean;
  /** A client offering "no authentication": the package its address lets in, or null. */
  byAddress: (socket: net.Socket, now: number) => Authorized | null;
};

/** The shared SOCKS5 port: logins, and ISP packages' IP authorisation (untargeted). */
export const sharedPortAccess = (ctx: ProxyContext): SocksAccess => ({
  credentials: true,
  byAddress: (socket, now) => {
    const entry = ctx.cache.authenticateAddress(socket.remoteAddress, now);
    return entry ? { entry, targeting: untargeted(entry.login), list: null, subUser: null } : null;
  },
});

/**
 * SOCKS5 (RFC 1928 CONNECT, RFC 1929 username/password) on one accepted socket; `first` is what
 * a port that sniffed the protocol already read. The handshake must complete within
 * GATEWAY_HANDSHAKE_TIMEOUT_MS; a malformed message, a failed login or an oversize message
 * close the connection. Logins carry the same targeting suffixes as on the HTTP side.
 */
export const createSocksHandler = (ctx: ProxyContext, access: SocksAccess) => {
  const { config } = ctx;

  return (socket: net.Socket, first?: Buffer) => {
    socket.setNoDelay(true);
    let stage: Stage = 'greeting';
    let buffered: Buffer | null = null;
    let authorized: Authorized | null = null;
    const handshakeTimer = setTimeout(() => socket.destroy(), config.GATEWAY_HANDSHAKE_TIMEOUT_MS);
    const onClose = () => clearTimeout(handshakeTimer);
    /** The handshake is over, one way or the other: its timer and listeners go. */
    const handshakeOver = () => {
      clearTimeout(handshakeTimer);
      socket.removeListener('close', onClose);
      socket.removeListener('data', onData);
      socket.removeListener('end', onEnd);
    };
    const fail = (reply?: Buffer) => {
      handshakeOver();
      // The reply goes out whole; the client's end then closes the socket.
      if (reply) socket.end(reply);
      else socket.destroy();
    };
    socket.on('error', destroyThisSocket);
    socket.on('close', onClose);
    // A client that ends its side before the handshake is done will never finish it (the port
    // is half-open capable, so nothing else would close it before the handshake timeout).
    const onEnd = () => socket.destroy();
    socket.once('end', onEnd);

    const onData = (chunk: Buffer) => {
      buffered = buffered === null ? chunk : Buffer.concat([buffered, chunk]);
      while (buffered !== null && buffered.length > 0 && stage !== 'connecting') {
        if (stage === 'greeting') {
          const parsed = parseGreeting(buffered);
          if (parsed === 'incomplete') break;
          if (parsed === 'invalid') return fail();
          buffered = buffered.subarray(parsed.consumed);
          const { methods } = parsed.message;
          // A client with credentials uses them (where the port takes them); one without is let
          // in only from a whitelisted address (IP authorisation, list ports).
          if (access.credentials && methods.includes(METHOD.userPass)) {
            socket.write(CHOOSE_USERPASS);
            stage = 'credentials';
            continue;
          }
          authorized = methods.includes(METHOD.noAuth)
            ? access.byAddress(socket, Date.now())
            : null;
          if (!authorized) return fail(NO_ACCEPTABLE_METHOD);
          socket.write(CHOOSE_NO_AUTH);
          stage = 'request';
        } else if (stage === 'credentials') {
          const parsed = parseCredentials(buffered);
          if (parsed === 'incomplete') break;
          if (parsed === 'invalid') return fail();
          buffered = buffered.subarray(parsed.consumed);
          authorized = ctx.authenticator.credentials(
            parsed.message.username,
            parsed.message.password,
            Date.now(),
          );
          // An ISP package bought for HTTP(S) only gets in here: its request is refused below,
          // so the client learns that the protocol, not the password, is wrong.
          if (!authorized) return fail(AUTH_FAILED);
          socket.write(AUTH_OK);
          stage = 'request';
        } else {
          const parsed = parseRequest(buffered);
          if (parsed === 'incomplete') break;
          if (parsed === 'invalid') return fail();
          const rest = buffered.subarray(parsed.consumed);
          buffered = null;
          if (parsed.message.kind === 'unsupported')
            return fail(requestReply(parsed.message.reply));
          stage = 'connecting';
          // From here the exit's connect timeout bounds the wait.
          handshakeOver();
          socket.pause();
          if (authorized)
            connect(socket, authorized, parsed.message.host, parsed.message.port, rest);
        }
      }
      if (buffered !== null && buffered.length > MAX_HANDSHAKE_BYTES) fail();
    };
    socket.on('data', onData);

    const connect = (
      client: net.Socket,
      answer: Authorized,
      host: string,
      port: number,
      early: Buffer,
    ) => {
      if (net.isIP(host) === 0 && !isHostName(host))
        return fail(requestReply(REPLY.hostUnreachable));
      serve(ctx, {
        kind: 'tunnel',
        protocol: 'socks5',
        client,
        authorized: answer,
        host,
        port,
        early,
        established: requestReply(REPLY.succeeded),
        refuse: (refusal) => fail(requestReply(refusal.socksReply)),
      });
    };
    if (first !== undefined) onData(first);
  };
};

/** The shared SOCKS5 port (GATEWAY_SOCKS_PORT). */
export const createSocksServer = (ctx: ProxyContext): net.Server => {
  const handle = createSocksHandler(ctx, sharedPortAccess(ctx));
  return net.createServer({ allowHalfOpen: true, noDelay: true }, (socket) => handle(socket));
};
