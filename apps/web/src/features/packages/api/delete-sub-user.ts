import { subUsersEndpoints } from '@proxy/contract';
import { call } from '../../../shared/api/http-client';
import { useSubUserMutation } from './get-sub-users';

export type SubUserRemoval = { packageId: number; subUserId: number };

/** DELETE /packages/:id/sub-users/:subUserId: its login stops at once; its usage stays counted. */
export const deleteSubUser = ({ packageId, subUserId }: SubUserRemoval) =>
  call(subUsersEndpoints.deleteSubUser, { params: { id: packageId, subUserId } });

export const useDeleteSubUser = () => useSubUserMutation(deleteSubUser);
