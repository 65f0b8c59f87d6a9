/**
 * The SOCKS5 handshake as a byte-stream parser (RFC 1928 with RFC 1929 username/password):
 * feed it whatever arrived, it says what it needs next. It never reads past the CONNECT
 * request, so bytes a client sends early (before our reply) are handed over as `rest`.
 */

export const SOCKS_VERSION = 0x05;
/** RFC 1929 sub-negotiation version: its replies carry 0x01, not 0x05. */
export const AUTH_VERSION = 0x01;
export const COMMAND_CONNECT = 0x01;
/** Authentication methods of the greeting and its reply. */
export const METHOD = { noAuth: 0x00, userPass: 0x02, noneAcceptable: 0xff } as const;

export const REPLY = {
  succeeded: 0x00,
  generalFailure: 0x01,
  notAllowed: 0x02,
  networkUnreachable: 0x03,
  hostUnreachable: 0x04,
  connectionRefused: 0x05,
  commandNotSupported: 0x07,
  addressTypeNotSupported: 0x08,
} as const;

/** Address types of a request (ATYP). */
const ADDRESS_TYPE = { ipv4: 0x01, domain: 0x03, ipv6: 0x04 } as const;

/** The longest valid message (username/password: 1 + 1 + 255 + 1 + 255). */
export const MAX_HANDSHAKE_BYTES = 513;

export type Greeting = { kind: 'greeting'; methods: Uint8Array };
export type Credentials = { kind: 'credentials'; username: string; password: string };
export type ConnectRequest = { kind: 'connect'; host: string; port: number };
/**
 * A request answered with a failure reply: one we do not serve (BIND, UDP ASSOCIATE, an unknown
 * address type) or one naming no destination (an empty domain, port 0).
 */
export type Unsupported = { kind: 'unsupported'; reply: number };

export type Parsed<T> = { message: T; consumed: number } | 'incomplete' | 'invalid';

export const parseGreeting = (buffer: Buffer): Parsed<Greeting> => {
  if (buffer.length < 2) return 'incomplete';
  if (buffer[0] !== SOCKS_VERSION) return 'invalid';
  const count = buffer[1] as number;
  if (count === 0) return 'invalid';
  if (buffer.length < 2 + count) return 'incomplete';
  return {
    message: { kind: 'greeting', methods: buffer.subarray(2, 2 + count) },
    consumed: 2 + count,
  };
};

export const parseCredentials = (buffer: Buffer): Parsed<Credentials> => {
  if (buffer.length < 2) return 'incomplete';
  if (buffer[0] !== AUTH_VERSION) return 'invalid';
  const userLength = buffer[1] as number;
  if (buffer.length < 3 + userLength) return 'incomplete';
  const passwordLength = buffer[2 + userLength] as number;
  const end = 3 + userLength + passwordLength;
  if (buffer.length < end) return 'incomplete';
  return {
    message: {
      kind: 'credentials',
      username: buffer.toString('utf8', 2, 2 + userLength),
      password: buffer.toString('utf8', 3 + userLength, end),
    },
    consumed: end,
  };
};

const formatIpv6 = (bytes: Buffer) => {
  const groups: string[] = [];
  for (let i = 0; i < 16; i += 2) groups.push(bytes.readUInt16BE(i).toString(16));
  return groups.join(':');
};

export const parseRequest = (buffer: Buffer): Parsed<ConnectRequest | Unsupported> => {
  if (buffer.length < 5) return 'incomplete';
  if (buffer[0] !== SOCKS_VERSION || buffer[2] !== 0x00) return 'invalid';
  const command = buffer[1] as number;
  const type = buffer[3] as number;
  let hostEnd: number;
  if (type === ADDRESS_TYPE.ipv4) hostEnd = 8;
  else if (type === ADDRESS_TYPE.ipv6) hostEnd = 20;
  else if (type === ADDRESS_TYPE.domain) hostEnd = 5 + (buffer[4] as number);
  else
    return {
      message: { kind: 'unsupported', reply: REPLY.addressTypeNotSupported },
      consumed: buffer.length,
    };
  const end = hostEnd + 2;
  if (buffer.length < end) return 'incomplete';
  if (command !== COMMAND_CONNECT)
    return { message: { kind: 'unsupported', reply: REPLY.commandNotSupported }, consumed: end };
  const host =
    type === ADDRESS_TYPE.ipv4
      ? `${buffer[4]}.${buffer[5]}.${buffer[6]}.${buffer[7]}`
      : type === ADDRESS_TYPE.ipv6
        ? formatIpv6(buffer.subarray(4, 20))
        : buffer.toString('latin1', 5, hostEnd);
  const port = buffer.readUInt16BE(hostEnd);
  if (port === 0 || host === '')
    return { message: { kind: 'unsupported', reply: REPLY.hostUnreachable }, consumed: end };
  return { message: { kind: 'connect', host, port }, consumed: end };
};

/** A reply to the CONNECT request; the bound address is not disclosed (0.0.0.0:0). */
export const requestReply = (reply: number) =>
  Buffer.from([SOCKS_VERSION, reply, 0x00, ADDRESS_TYPE.ipv4, 0, 0, 0, 0, 0, 0]);
