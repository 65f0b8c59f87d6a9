import { appEndpoints } from '../app/app.endpoints.ts';
import { authEndpoints } from '../auth/auth.endpoints.ts';
import { sessionsEndpoints, twoFactorEndpoints } from '../auth/two-factor.endpoints.ts';
import { catalogueEndpoints } from '../catalogue/catalogue.endpoints.ts';
import { legalEndpoints } from '../legal/legal.endpoints.ts';
import { packageLifecycleEndpoints } from '../packages/package-lifecycle.endpoints.ts';
import { packageChangesEndpoints } from '../packages/package-changes.endpoints.ts';
import { packageAlertsEndpoints } from '../packages/package-alerts.endpoints.ts';
import { subUsersEndpoints } from '../packages/sub-users.endpoints.ts';
import { packagesEndpoints } from '../packages/packages.endpoints.ts';
import { overviewEndpoints } from '../overview/overview.endpoints.ts';
import { notificationsEndpoints } from '../notifications/notifications.endpoints.ts';
import { notificationSettingsEndpoints } from '../notification-settings/notification-settings.endpoints.ts';
import { paymentsEndpoints } from '../payments/payments.endpoints.ts';
import { profileEndpoints } from '../profile/profile.endpoints.ts';
import { proxyListsEndpoints } from '../proxy-lists/proxy-lists.endpoints.ts';
import { referralEndpoints } from '../referral/referral.endpoints.ts';
import { statisticsEndpoints } from '../statistics/statistics.endpoints.ts';
import { isPublicApiEndpoint, type Endpoint } from './endpoint.ts';

/** Every endpoint of the API, by domain: the route-table test and the OpenAPI document read it. */
export const API_ENDPOINTS = {
  app: appEndpoints,
  auth: authEndpoints,
  profile: profileEndpoints,
  twoFactor: twoFactorEndpoints,
  sessions: sessionsEndpoints,
  notifications: notificationsEndpoints,
  notificationSettings: notificationSettingsEndpoints,
  payments: paymentsEndpoints,
  referral: referralEndpoints,
  catalogue: catalogueEndpoints,
  packages: packagesEndpoints,
  legal: legalEndpoints,
  packageLifecycle: packageLifecycleEndpoints,
  packageChanges: packageChangesEndpoints,
  packageAlerts: packageAlertsEndpoints,
  subUsers: subUsersEndpoints,
  proxyLists: proxyListsEndpoints,
  statistics: statisticsEndpoints,
  overview: overviewEndpoints,
} as const satisfies Record<string, Record<string, Endpoint>>;

export const allEndpoints = (): Endpoint[] =>
  Object.values(API_ENDPOINTS).flatMap((domain) => Object.values(domain) as Endpoint[]);

/** An endpoint with its domain and name in API_ENDPOINTS (the OpenAPI tag and operation id). */
export type NamedEndpoint = { domain: string; name: string; endpoint: Endpoint };

/** The public reseller API: the endpoints marked `access: 'api-key'`, in definition order. */
export const publicApiEndpoints = (): NamedEndpoint[] =>
  Object.entries(API_ENDPOINTS).flatMap(([domain, endpoints]) =>
    Object.entries(endpoints as Record<string, Endpoint>)
      .filter(([, endpoint]) => isPublicApiEndpoint(endpoint))
      .map(([name, endpoint]) => ({ domain, name, endpoint })),
  );
