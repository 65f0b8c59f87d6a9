import { subUsersEndpoints, type UpdateSubUserInput } from '@proxy/contract';
import { call } from '../../../shared/api/http-client';
import { useSubUserMutation } from './get-sub-users';

export type SubUserChange = { packageId: number; subUserId: number; body: UpdateSubUserInput };

/**
 * PATCH /packages/:id/sub-users/:subUserId: rename, limit, expiry, the on/off switch or a new
 * password (`regenerate_password`); only the fields given change.
 */
export const updateSubUser = ({ packageId, subUserId, body }: SubUserChange) =>
  call(subUsersEndpoints.updateSubUser, { params: { id: packageId, subUserId }, body }).then(
    (response) => response.data,
  );

export const useUpdateSubUser = () => useSubUserMutation(updateSubUser);
