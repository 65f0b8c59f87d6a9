import { countryName } from '../../../../shared/lib/catalogue-names';
import { Alert } from '../../../../shared/ui';
import { ispPackageQueryOptions } from '../../api/get-isp-package';
import { packageLinks } from '../../utils/package-links';
import { CredentialsGrid } from './credentials';
import { definePanel, panelState } from './package-panel';
import { PanelLinks } from './panel-parts';

/**
 * ISP: details (country, period, IPs, authentication, protocol), credentials, the IP list
 * (a route over the list, with its one swap) and the info alert about changing the ISP.
 */
export const IspPanel = definePanel({
  query: ispPackageQueryOptions,
  state: (p) => panelState(p, p.tariff, { isp: { ports: p.tariff.ports, period: p.period } }),
  facts: (p, t) => [
    [t('panel.country'), p.country_iso2 ? countryName(p.country_iso2) : p.country],
    [t('panel.period'), t('units.days', { count: p.period })],
    [t('panel.ip_count'), String(p.ip.length)],
    [t('panel.auth'), p.auth_ip ?? t('panel.auth_login')],
    [t('panel.protocol'), p.socks ? 'SOCKS5' : 'HTTP(S)'],
  ],
  content: (p, { t }) => (
    <>
      <CredentialsGrid credentials={p.connection} />
      <PanelLinks links={[{ label: t('panel.ip_list'), to: packageLinks.ispList(p.id) }]} />
      <Alert type="info">{p.swaped ? t('panel.isp_swapped_info') : t('panel.isp_swap_info')}</Alert>
    </>
  ),
});
