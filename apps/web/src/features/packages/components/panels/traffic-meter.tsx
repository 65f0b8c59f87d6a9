import { useTranslation } from 'react-i18next';
import { useFormatBytes } from '../../../../shared/lib/format-bytes';
import { Alert } from '../../../../shared/ui';
import { trafficAlert } from '../../utils/package-rules';

/**
 * Traffic of the current period (used, and left of a limit) in the cabinet's byte format (a few megabytes read as MB, not as
 * 0 GB; decision 160) with the spec's alerts: a warning when nothing is left, a low-traffic
 * warning at 10% or less.
 */
export const TrafficMeter = ({
  usedBytes,
  limitBytes,
}: {
  usedBytes: number;
  limitBytes: number | null;
}) => {
  const { t } = useTranslation('packages');
  const formatBytes = useFormatBytes();
  const alert = trafficAlert(usedBytes, limitBytes);
  const used = formatBytes(usedBytes);
  return (
    <div className="stack package-meter">
      <span>
        {limitBytes === null
          ? t('traffic.used_unlimited', { used })
          : t('traffic.used', { used, limit: formatBytes(limitBytes) })}
      </span>
      {limitBytes !== null && (
        <span className="package-meter__left" data-testid="traffic-left">
          {t('traffic.left', { left: formatBytes(Math.max(0, limitBytes - usedBytes)) })}
        </span>
      )}
      {limitBytes !== null && limitBytes > 0 && (
        <progress
          max={limitBytes}
          value={Math.min(usedBytes, limitBytes)}
          aria-label={t('traffic.label')}
        />
      )}
      {alert === 'exhausted' && <Alert type="warning">{t('traffic.exhausted')}</Alert>}
      {alert === 'low' && <Alert type="warning">{t('traffic.low')}</Alert>}
    </div>
  );
};
