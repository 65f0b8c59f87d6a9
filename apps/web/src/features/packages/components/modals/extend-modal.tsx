import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DYNAMIC_PERIOD_DAYS,
  ISP_PERIODS,
  formatDollars,
  ispPriceCents,
  periodEnd,
  toCents,
  toDollars,
} from '@proxy/contract';
import { formatDateTime } from '../../../../shared/lib/format-date';
import { useExtendPackage } from '../../api/extend-package';
import { ChoiceGroup } from '../../../../shared/ui/choice-group';
import { PaidActionModal } from './paid-action-modal';

export type ExtendModalProps = {
  pkg: {
    id: number;
    name: string;
    /** The price of one more period in dollars (the tariff's), or null where prices are hidden. */
    price: number | null;
    /** When the package expires now (ISO), null if it never does. */
    expiresAt: string | null;
    /** Days one more period buys (dynamic and premium: 30). */
    periodDays?: number;
    /** ISP packages choose the period: their tariff (30-day price, IPs) and current period. */
    isp?: { ports: number; period: number };
  };
  onClose: () => void;
};

/**
 * Extend a dynamic, premium or ISP package from the balance (spec "Modals": extend), saying
 * until when it then runs.
 */
export const ExtendModal = ({ pkg, onClose }: ExtendModalProps) => {
  const { id, name, price, expiresAt, periodDays = DYNAMIC_PERIOD_DAYS, isp } = pkg;
  const { t, i18n } = useTranslation('packages');
  const extend = useExtendPackage();
  const [period, setPeriod] = useState<number>(isp?.period ?? 30);
  const shownPrice =
    price === null
      ? null
      : isp
        ? toDollars(ispPriceCents({ priceCents: toCents(price), ports: isp.ports }, period))
        : price;
  return (
    <PaidActionModal
      texts="extends"
      errorText={t('extends.errors.extend_package')}
      mutation={extend}
      variables={{ id, ...(isp ? { period } : {}) }}
      onClose={onClose}
    >
      <p>{t('extends.text', { name })}</p>
      {isp && (
        <ChoiceGroup
          label={t('extends.period')}
          options={ISP_PERIODS.map((days) => ({
            value: String(days),
            label: t('units.days', { count: days }),
          }))}
          value={String(period)}
          onChange={(value) => setPeriod(Number(value))}
        />
      )}
      <p>
        {t('extends.until', {
          date: formatDateTime(
            periodEnd(expiresAt, isp ? period : periodDays).toISOString(),
            i18n.language,
          ),
        })}
      </p>
      {shownPrice !== null && (
        <p className="packages-price">
          {t('modals.price', { price: formatDollars(shownPrice, i18n.language) })}
        </p>
      )}
    </PaidActionModal>
  );
};
