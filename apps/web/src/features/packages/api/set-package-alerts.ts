import { packageAlertsEndpoints, type PackageAlerts } from '@proxy/contract';
import { call } from '../../../shared/api/http-client';
import { usePackageMutation } from './package-mutation';

export type PackageAlertsChange = { id: number; alerts: PackageAlerts };

/** PUT /packages/:id/alerts: replaces the package's usage alerts. */
export const setPackageAlerts = ({ id, alerts }: PackageAlertsChange) =>
  call(packageAlertsEndpoints.setPackageAlerts, { params: { id }, body: alerts });

export const useSetPackageAlerts = () => usePackageMutation(setPackageAlerts);
