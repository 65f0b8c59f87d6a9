import { IDEMPOTENCY_KEY_HEADER } from '@proxy/contract';

export { packagesQueryKey, usePackageMutation } from '../../../shared/api/package-cache';

/** One attempt of a paid change of a package (a retry of it sends the same key, so is answered once). */
export type PaidChange = { id: number; attemptKey: string };

const idempotencyHeader = (key: string) => ({ [IDEMPOTENCY_KEY_HEADER]: key });

/** The path and headers of a paid change of a dynamic, premium or ISP package (`:id`). */
export const packageChange = ({ id, attemptKey }: PaidChange) => ({
  params: { id },
  headers: idempotencyHeader(attemptKey),
});

/** The path and headers of a paid change of an unlimited package (`:packageID`). */
export const unlimChange = ({ id, attemptKey }: PaidChange) => ({
  params: { packageID: id },
  headers: idempotencyHeader(attemptKey),
});
