import { subUsersEndpoints, type CreateSubUserInput } from '@proxy/contract';
import { call } from '../../../shared/api/http-client';
import { useSubUserMutation } from './get-sub-users';

export type SubUserCreation = { packageId: number; body: CreateSubUserInput };

/** POST /packages/:id/sub-users: a new sub-user with its own login and password. */
export const createSubUser = ({ packageId, body }: SubUserCreation) =>
  call(subUsersEndpoints.createSubUser, { params: { id: packageId }, body }).then(
    (response) => response.data,
  );

export const useCreateSubUser = () => useSubUserMutation(createSubUser);
