import { useTranslation } from 'react-i18next';
import { Alert } from '../../../../shared/ui';
import { useIspPackage } from '../../api/get-isp-package';
import { packageLinks } from '../../utils/package-links';
import { CredentialsGrid } from './credentials';
import { PackagePanel, panelState, type PanelProps } from './package-panel';
import { PanelLinks } from './panel-parts';

/**
 * ISP: details (country, period, IPs, authentication, protocol), credentials, the IP list
 * (a route over the list, with its one swap) and the info alert about changing the ISP.
 */
export const IspPanel = ({ row, isRestricted }: PanelProps) => {
  const { t } = useTranslation('packages');
  const query = useIspPackage(row.id);
  return (
    <PackagePanel
      isRestricted={isRestricted}
      query={query}
      state={(p) => panelState(p, p.tariff, { isp: { ports: p.tariff.ports, period: p.period } })}
      facts={(p) => [
        [t('panel.country'), p.country],
        [t('panel.period'), t('units.days', { count: p.period })],
        [t('panel.ip_count'), String(p.ip.length)],
        [t('panel.auth'), p.auth_ip ?? t('panel.auth_login')],
        [t('panel.protocol'), p.socks ? 'SOCKS5' : 'HTTP(S)'],
      ]}
    >
      {(p) => (
        <>
          <CredentialsGrid credentials={p.connection} />
          <PanelLinks links={[{ label: t('panel.ip_list'), to: packageLinks.ispList(p.id) }]} />
          <Alert type="info">
            {p.swaped ? t('panel.isp_swapped_info') : t('panel.isp_swap_info')}
          </Alert>
        </>
      )}
    </PackagePanel>
  );
};
