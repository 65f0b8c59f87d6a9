import { premiumPackageQueryOptions } from '../../api/get-premium-package';
import { packageLinks } from '../../utils/package-links';
import { CopyField } from '../../../../shared/ui';
import { CredentialsGrid } from './credentials';
import { EndpointBuilder } from './endpoint-builder';
import { SubUsersSection } from '../sub-users/sub-users-section';
import { definePanel, panelState } from './package-panel';
import { PanelLinks } from './panel-parts';
import { TrafficMeter } from './traffic-meter';

/**
 * Residential premium: its uuid, proxy address, ports, login and password to copy, traffic
 * with its alerts, the endpoint builder, its sub-users, statistics (new tab, by uuid) and API
 * tools.
 */
export const PremiumPanel = definePanel({
  query: premiumPackageQueryOptions,
  state: (p) => panelState(p, p.tariff),
  content: (p, { t }) => (
    <>
      <CopyField label={t('panel.uuid')} value={p.uuid} />
      <CredentialsGrid credentials={{ ...p, host: p.proxy_ip }} />
      <TrafficMeter usedBytes={p.usage} limitBytes={p.traffic} />
      <EndpointBuilder pool="premium" connection={{ ...p, host: p.proxy_ip }} />
      <SubUsersSection packageId={p.id} />
      <PanelLinks usage={{ pkg: p, statisticsUrl: packageLinks.uuidStatistics(p.uuid) }} />
    </>
  ),
});
