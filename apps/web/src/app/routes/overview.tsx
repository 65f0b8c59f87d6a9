import { useTranslation } from 'react-i18next';
import { OverviewPage, useOverview } from '../../features/packages';
import { useProfile } from '../../features/profile/api/get-profile';
import { isRestrictedUser } from '../../shared/lib/restricted-user';
import { Loader } from '../../shared/ui';
import { paths } from '../paths';
import { Redirect } from '../../shared/ui/redirect';

/** /cabinet/overview: the home page of the cabinet. */
export const OverviewRoute = () => {
  const { data } = useProfile();
  return <OverviewPage isRestricted={isRestrictedUser(data?.user)} />;
};

/**
 * /cabinet itself (decision 185): a customer with a package lands on the overview, a new one on
 * the buy page. The overview's answer says which (its query is the one the overview shows, so
 * landing there asks nothing twice); a failure lands on the overview, which shows it.
 */
export const CabinetIndexRoute = () => {
  const { t } = useTranslation();
  const overview = useOverview();
  if (overview.isPending) return <Loader label={t('app.loading')} />;
  const hasPackages = overview.isError || overview.data.package_count > 0;
  return <Redirect to={hasPackages ? paths.cabinet.overview : paths.cabinet.buy} replace />;
};
