import { Outlet } from 'react-router';
import { PackagesPage } from '../../features/packages';
import { useProfile } from '../../features/profile/api/get-profile';
import { isRestrictedUser } from '../../shared/lib/restricted-user';

/** The packages list, and the modal routes over it (proxy lists, generator) as its children. */
export const PackagesRoute = () => {
  const { data } = useProfile();
  return (
    <>
      <PackagesPage
        isRestricted={isRestrictedUser(data?.user)}
        accountEmail={data?.user?.email ?? ''}
      />
      <Outlet />
    </>
  );
};
