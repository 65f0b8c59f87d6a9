import { IDEMPOTENCY_KEY_HEADER } from '@proxy/contract';

export { packagesQueryKey, usePackageMutation } from '../../../shared/api/package-cache';

/** The Idempotency-Key header of one attempt of a paid change (a retry of it is answered once). */
export const idempotencyHeader = (key: string) => ({ [IDEMPOTENCY_KEY_HEADER]: key });
