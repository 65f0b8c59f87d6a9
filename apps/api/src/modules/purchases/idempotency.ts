import type { FastifyRequest } from 'fastify';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_MAX_LENGTH } from '@proxy/contract';
import type { Db } from '@proxy/db';
import { AppError } from '../../lib/app-error.ts';
import { canonicalJson } from '../../lib/canonical-json.ts';
import { sha256Hex } from '../../lib/crypto.ts';
import {
  claimIdempotencyKey,
  findIdempotentResponse,
  storeIdempotentResponse,
} from './purchases.repository.ts';

/** An Idempotency-Key and the hash of the request it came with (method, route, body). */
export type IdempotencyClaim = { key: string; requestHash: string };

/** A stored (or fresh) answer of a request that moves money. */
export type StoredAnswer<T> = { statusCode: number; body: T };

const KEY = new RegExp(`^[\\x21-\\x7e]{1,${IDEMPOTENCY_KEY_MAX_LENGTH}}$`);

/**
 * The Idempotency-Key of a request that moves money (purchases, extensions) with the hash of the
 * request it names: method, route, path parameters and the validated body as canonical JSON (key order, spacing
 * and "7" for 7 do not make another request; another tariff, promo or route does).
 */
export const idempotencyOf = (request: FastifyRequest): IdempotencyClaim | null => {
  const value = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (value === undefined) return null;
  if (typeof value !== 'string' || !KEY.test(value))
    throw new AppError('VALIDATION_FAILED', {
      errors: { 'Idempotency-Key': ['validation.invalid_value'] },
    });
  // Path parameters when the route has some (a package's id): the same key on another package
  // is another request. Routes without any (the purchases) hash as they always did.
  const params = request.params as Record<string, unknown> | undefined;
  const named = params && Object.keys(params).length > 0 ? ` ${canonicalJson(params)}` : '';
  const requestHash = sha256Hex(
    `${request.method} ${request.routeOptions.url ?? ''}${named}\n${canonicalJson(request.body)}`,
  );
  return { key: value, requestHash };
};

/**
 * Claims the key inside the caller's transaction, or answers what the first request with it
 * answered: null means "claimed, go on". The key naming another request is refused, as payment
 * APIs do (decision 085); rows written before the hash was kept have none and replay as they did.
 * A request still running with the key holds it: the claim waits for it to end.
 */
export const claimOrReplay = async <T>(
  tx: Db,
  userId: number,
  idempotency: IdempotencyClaim,
): Promise<StoredAnswer<T> | null> => {
  if (await claimIdempotencyKey(tx, userId, idempotency)) return null;
  const stored = await findIdempotentResponse(tx, userId, idempotency.key);
  if (
    stored?.request_hash !== null &&
    stored?.request_hash !== undefined &&
    stored.request_hash !== idempotency.requestHash
  )
    throw new AppError('IDEMPOTENCY_KEY_REUSED');
  if (stored?.response)
    return { statusCode: stored.status_code ?? 200, body: stored.response as T };
  throw new AppError('CONFLICT');
};

/** Stores the answer for the claimed key, in the same transaction as the change. */
export const storeAnswer = (
  tx: Db,
  userId: number,
  idempotency: IdempotencyClaim | null,
  answer: StoredAnswer<unknown>,
) =>
  idempotency
    ? storeIdempotentResponse(tx, userId, idempotency.key, answer.body, answer.statusCode)
    : Promise.resolve();
