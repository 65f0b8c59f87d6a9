import { useTranslation } from 'react-i18next';
import { useFormatBytes } from '../../../../shared/lib/format-bytes';
import { locationName } from '../../../../shared/lib/catalogue-names';
import { Alert, Loader, ModalButton } from '../../../../shared/ui';
import { unlimPackageQueryOptions } from '../../api/get-unlim-package';
import { useUnlimUsage } from '../../api/get-unlim-usage';
import { packageLinks } from '../../utils/package-links';
import { SpeedUpgradeModal } from '../modals/speed-upgrade-modal';
import { CredentialsGrid } from './credentials';
import { definePanel, panelState } from './package-panel';
import { Facts, PanelLinks } from './panel-parts';

/** The live metrics of an unlimited package, fetched again every 60 s. */
const LiveMetrics = ({ packageId }: { packageId: number }) => {
  const { t } = useTranslation(['packages', 'base']);
  const usage = useUnlimUsage(packageId);
  const formatBytes = useFormatBytes();
  if (usage.isPending) return <Loader label={t('modals.loading')} />;
  if (usage.isError) return <Alert type="error">{t('base:errors.fetch')}</Alert>;
  const { speed, server, traffic } = usage.data;
  const percent = (value: number | null) => (value === null ? '—' : t('units.percent', { value }));
  return (
    <section aria-label={t('metrics.title')}>
      <h3 className="package-panel__title">{t('metrics.title')}</h3>
      <Facts
        items={[
          [t('metrics.speed'), t('units.mbps', { value: speed })],
          [t('metrics.cpu'), percent(server.cpu_usage)],
          [t('metrics.ram'), percent(server.ram_usage)],
          [t('metrics.traffic'), formatBytes(traffic)],
        ]}
      />
    </section>
  );
};

/**
 * Unlimited residential: speed and location, credentials, live metrics, statistics and API
 * tools; renewal (with a promo) and auto-renewal (not on 1-day tariffs) are above.
 */
export const UnlimPanel = definePanel({
  query: unlimPackageQueryOptions,
  state: (p) =>
    panelState(p, p.tariff, {
      isUnlim: true,
      isAutoRenewHidden: p.duration_days === 1,
      periodDays: p.tariff.duration_days,
    }),
  facts: (p, t) => [
    [t('panel.speed'), t('units.mbps', { value: p.tariff.speed_limit })],
    [
      t('panel.location'),
      p.location_iso2 ? locationName(p.location_iso2, p.location_city) : p.location,
    ],
  ],
  content: (p, { t, isRestricted }) => (
    <>
      <CredentialsGrid credentials={p.connection} />
      <LiveMetrics packageId={p.id} />
      {p.status === 'active' && (
        <ModalButton
          size="sm"
          variant="secondary"
          modal={(close) => (
            <SpeedUpgradeModal pkg={p} isPriceHidden={isRestricted} onClose={close} />
          )}
        >
          {t('panel.upgrade_speed')}
        </ModalButton>
      )}
      <PanelLinks usage={{ pkg: p, statisticsUrl: packageLinks.uuidStatistics(p.uuid) }} />
    </>
  ),
});
