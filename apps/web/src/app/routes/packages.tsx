import { Outlet } from 'react-router';
import { PackagesPage } from '../../features/packages';
import { useProfile } from '../../features/profile/api/get-profile';
import { isRestrictedUser } from '../../shared/lib/restricted-user';

export const PackagesRoute = () => {
  const { data } = useProfile();
  return (
    <>
      <PackagesPage
        isRestricted={isRestrictedUser(data?.user)}
        accountEmail={data?.user?.email ?? ''}
      />
      {/* The modal routes over the list (the generator). */}
      <Outlet />
    </>
  );
};
