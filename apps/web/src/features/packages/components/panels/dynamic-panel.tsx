import { dynamicPackageQueryOptions } from '../../api/get-dynamic-package';
import { packageLinks } from '../../utils/package-links';
import { CopyField } from '../../../../shared/ui';
import { CredentialsGrid } from './credentials';
import { EndpointBuilder } from './endpoint-builder';
import { SubUsersSection } from '../sub-users/sub-users-section';
import { definePanel, panelState } from './package-panel';
import { PanelLinks } from './panel-parts';
import { TrafficMeter } from './traffic-meter';
import { UpgradeOffer } from './upgrade-offer';

/**
 * Dynamic residential: package key, credentials, traffic with its alerts, the endpoint builder,
 * its sub-users, the proxy lists (a route over the list), statistics and API tools (new tabs).
 */
export const DynamicPanel = definePanel({
  query: dynamicPackageQueryOptions,
  state: ({ package: p }) => panelState(p, p.tariff),
  content: (
    { package: p, package_info: info, package_upgrade: upgrade, connection },
    { t, isRestricted },
  ) => (
    <>
      <CopyField label={t('credentials.package_key')} value={p.package_key} />
      <CredentialsGrid credentials={connection} />
      <TrafficMeter usedBytes={info.traffic_usage_common} limitBytes={info.traffic_limit_common} />
      <EndpointBuilder pool="dynamic" connection={connection} />
      <SubUsersSection packageId={p.id} />
      <PanelLinks
        links={[{ label: t('panel.proxy_lists'), to: packageLinks.dynamicLists(p.id) }]}
        usage={{ pkg: p, statisticsUrl: packageLinks.keyStatistics(p.package_key, 'all') }}
      />
      {upgrade && p.status === 'active' && (
        <UpgradeOffer packageId={p.id} offer={upgrade} isRestricted={isRestricted} />
      )}
    </>
  ),
});
