import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requestLanguage } from '../plugins/error-handler.ts';

/**
 * The answer of an action that reports only that it is done: `{ success: true, message }`,
 * the text of `key` in the caller's language (the contract's messageResponseSchema).
 */
export const messageReply = (app: FastifyInstance, request: FastifyRequest, key: string) => ({
  success: true as const,
  message: app.translator.t(requestLanguage(request), key),
});
