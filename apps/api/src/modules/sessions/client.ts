import type { FastifyRequest } from 'fastify';

/** The device a session is signed in from, as the sessions page shows it. */
export type SessionClient = { userAgent: string | null; ipAddress: string | null };

/** Long enough for any real User-Agent; a longer header is cut, not refused. */
const MAX_USER_AGENT_LENGTH = 512;

/**
 * The caller's User-Agent and address (request.ip follows TRUST_PROXY, like the rate limits).
 * Control characters are dropped: the text is stored and shown back.
 */
export const clientOf = (request: FastifyRequest): SessionClient => {
  const header = request.headers['user-agent'] ?? '';
  const printable = [...header].filter((char) => {
    const code = char.charCodeAt(0);
    return code >= 0x20 && code !== 0x7f;
  });
  const userAgent = printable.join('').slice(0, MAX_USER_AGENT_LENGTH);
  return { userAgent: userAgent === '' ? null : userAgent, ipAddress: request.ip || null };
};
