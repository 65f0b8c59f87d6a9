import { packageChangesEndpoints } from '@proxy/contract';
import { call } from '../../../shared/api/http-client';
import { usePackageMutation } from './package-mutation';

export type DeletePackageInput = { id: number; isUnlim: boolean; email: string };

/**
 * DELETE /packages/:id, or DELETE /unlim/packages/:packageID for an unlimited package, with the
 * e-mail the user typed.
 */
export const deletePackage = ({ id, isUnlim, email }: DeletePackageInput) =>
  isUnlim
    ? call(packageChangesEndpoints.deleteUnlim, { params: { packageID: id }, body: { email } })
    : call(packageChangesEndpoints.deletePackage, { params: { id }, body: { email } });

export const useDeletePackage = () => usePackageMutation(deletePackage);
