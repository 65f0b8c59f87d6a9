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

const KEY = new RegExp(`^[\\x21-\\x7e]{1,${IDEMPOTENCY_KEY_MAX_LENGTH}}$`);

/**
 * The Idempotency-Key of a money-moving request with the hash of the request it names: method,
 * route (with its parameters) and the validated body as canonical JSON (key order, spacing and
 * "7" for 7 do not make another request; another tariff, package, promo or route does).
 */
export const idempotencyOf = (request: FastifyRequest): IdempotencyClaim | null => {
  const value = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (value === undefined) return null;
  if (typeof value !== 'string' || !KEY.test(value))
    throw new AppError('VALIDATION_FAILED', {
      errors: { 'Idempotency-Key': ['validation.invalid_value'] },
    });
  // Path parameters only when the route has some: the purchases' hashes stay as they were.
  const params = request.params as Record<string, unknown> | undefined;
  const named = params && Object.keys(params).length > 0 ? ` ${canonicalJson(params)}` : '';
  const requestHash = sha256Hex(
    `${request.method} ${request.routeOptions.url ?? ''}${named}\n${canonicalJson(request.body)}`,
  );
  return { key: value, requestHash };
};

/** What a request with an already-used key answers: the first request's status and body. */
export type StoredResponse<T> = { statusCode: number; body: T };

/**
 * Claims the key inside the caller's transaction. Null: the key is new, go on (and call
 * `rememberResponse` before committing). Otherwise the first request's stored answer. A
 * concurrent request with the same key waits on the key's row until the first one ends. The
 * key naming another request is refused, as payment APIs do (decision 085); rows from before
 * migration 0012 have no hash and replay as they did.
 */
export const claimOrReplay = async <T>(
  tx: Db,
  userId: number,
  claim: IdempotencyClaim,
): Promise<StoredResponse<T> | null> => {
  if (await claimIdempotencyKey(tx, userId, claim.key, claim.requestHash)) return null;
  const stored = await findIdempotentResponse(tx, userId, claim.key);
  if (
    stored?.request_hash !== null &&
    stored?.request_hash !== undefined &&
    stored.request_hash !== claim.requestHash
  )
    throw new AppError('IDEMPOTENCY_KEY_REUSED');
  if (stored?.response)
    return { statusCode: stored.status_code ?? 200, body: stored.response as T };
  throw new AppError('CONFLICT');
};

/** Stores the answer of a claimed key, in the transaction of the change it answers. */
export const rememberResponse = (
  tx: Db,
  userId: number,
  claim: IdempotencyClaim | null,
  response: StoredResponse<unknown>,
) =>
  claim
    ? storeIdempotentResponse(tx, userId, claim.key, response.body, response.statusCode)
    : Promise.resolve();
