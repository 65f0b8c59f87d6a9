import { useTranslation } from 'react-i18next';
import { usePremiumPackage } from '../../api/get-premium-package';
import { packageLinks } from '../../utils/package-links';
import { CopyField } from '../copy-field';
import { CredentialsGrid } from './credentials';
import { PackagePanel, panelState, type PanelProps } from './package-panel';
import { PanelLinks } from './panel-parts';
import { TrafficMeter } from './traffic-meter';

/**
 * Residential premium: its uuid, proxy address, ports, login and password to copy, traffic
 * with its alerts, statistics (new tab, by uuid) and API tools.
 */
export const PremiumPanel = ({ row, isRestricted }: PanelProps) => {
  const { t } = useTranslation('packages');
  const query = usePremiumPackage(row.id);
  return (
    <PackagePanel isRestricted={isRestricted} query={query} state={(p) => panelState(p, p.tariff)}>
      {(p) => (
        <>
          <CopyField label={t('panel.uuid')} value={p.uuid} />
          <CredentialsGrid credentials={{ ...p, host: p.proxy_ip }} />
          <TrafficMeter usedBytes={p.usage} limitBytes={p.traffic} />
          <PanelLinks usage={{ pkg: p, statisticsUrl: packageLinks.uuidStatistics(p.uuid) }} />
        </>
      )}
    </PackagePanel>
  );
};
