import { useState, type ReactNode } from 'react';
import {
  useQuery,
  type QueryKey,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DYNAMIC_PERIOD_DAYS } from '@proxy/contract';
import { packageTariffName, type NamedPackage } from '../../../../shared/lib/catalogue-names';
import { QueryState } from '../../../../shared/ui';
import { useSetPackageAutoUpdate } from '../../api/set-package-auto-update';
import { useSetUnlimAutoUpdate } from '../../api/set-unlim-auto-update';
import { ExtendModal } from '../modals/extend-modal';
import { UnlimRenewModal } from '../modals/unlim-renew-modal';
import { AlertsSection } from './alerts-section';
import { PanelControls } from './panel-controls';
import { Facts, type FactItem } from './panel-parts';

export type PanelProps = { row: NamedPackage & { id: number }; isRestricted: boolean };

/** What extend and auto-renewal need of a family's panel data. */
export type PanelState = {
  id: number;
  isUnlim: boolean;
  status: string;
  autoUpdate: boolean;
  /** The tariff's name in the interface language (from the package row's facts). */
  name: string;
  /** The price of one more period of the tariff (dollars). */
  price: number;
  /** When the package expires now (ISO), null if it never does. */
  expiresAt: string | null;
  /** Days one more period buys (the ISP extend modal lets the customer choose). */
  periodDays: number;
  tariffId: number;
  /** ISP packages choose the period of an extension. */
  isp?: { ports: number; period: number };
  /** Unlimited 1-day tariffs have no auto-renewal. */
  isAutoRenewHidden?: boolean;
};

/** What a family's panel data says of extend and auto-renewal; the name is the row's. */
type FamilyState = Omit<PanelState, 'name'>;

/**
 * A panel's state from its package and tariff: every family has an id, status and auto_update,
 * and a tariff with id and price.
 */
export const panelState = (
  pkg: { id: number; status: string; auto_update: boolean; expired_at: string | null },
  tariff: { id: number; price: number },
  extra: Partial<FamilyState> = {},
): FamilyState => ({
  id: pkg.id,
  isUnlim: false,
  status: pkg.status,
  autoUpdate: pkg.auto_update,
  price: tariff.price,
  expiresAt: pkg.expired_at,
  periodDays: DYNAMIC_PERIOD_DAYS,
  tariffId: tariff.id,
  ...extra,
});

type PackagePanelProps<T> = {
  isRestricted: boolean;
  query: UseQueryResult<T>;
  state: (data: T) => FamilyState;
  /** The tariff's name. */
  name: string;
  /** The family's facts after the package id and tariff. */
  facts?: (data: T) => FactItem[];
  children: (data: T) => ReactNode;
};

/**
 * A family's panel: its data's loader or fetch error (with a retry), then extend and
 * auto-renewal above the family's own content, and the package's usage alerts below it.
 */
const PackagePanel = <T,>({
  isRestricted,
  query,
  state,
  name,
  facts,
  children,
}: PackagePanelProps<T>) => {
  const { t } = useTranslation(['packages', 'base']);
  const texts = {
    loading: t('modals.loading'),
    error: t('base:errors.fetch'),
    retry: t('refresh'),
  };
  return (
    <QueryState query={query} texts={texts}>
      {(data) => {
        const shown = { ...state(data), name };
        return (
          <div className="package-panel">
            <FamilyControls state={shown} isRestricted={isRestricted} />
            <Facts
              items={[
                [t('panel.package_id'), `#${shown.id}`],
                [t('panel.tariff'), shown.name],
                ...(facts?.(data) ?? []),
              ]}
            />
            {children(data)}
            <AlertsSection packageId={shown.id} />
          </div>
        );
      }}
    </QueryState>
  );
};

type PanelT = TFunction<'packages'>;

/** What a family's panel says of its own; the rest is definePanel's. */
export type PanelSpec<T, K extends QueryKey> = {
  /** The query of the family's panel data by package id. */
  query: (id: number) => UseQueryOptions<T, Error, T, K>;
  state: (data: T) => FamilyState;
  /** The family's facts after the package id and tariff. */
  facts?: (data: T, t: PanelT) => FactItem[];
  /** The family's own content, below extend, auto-renewal and the facts. */
  content: (data: T, panel: { t: PanelT; isRestricted: boolean }) => ReactNode;
};

/**
 * The panel component of a family: it loads the family's data by the row's id and shows it in
 * a PackagePanel, with the family's state, facts and content.
 */
export const definePanel = <T, K extends QueryKey>({
  query,
  state,
  facts,
  content,
}: PanelSpec<T, K>) => {
  const Panel = ({ row, isRestricted }: PanelProps) => {
    const { t } = useTranslation('packages');
    const loaded = useQuery(query(row.id));
    return (
      <PackagePanel
        isRestricted={isRestricted}
        query={loaded}
        state={state}
        name={packageTariffName(row)}
        facts={facts && ((data) => facts(data, t))}
      >
        {(data) => content(data, { t, isRestricted })}
      </PackagePanel>
    );
  };
  return Panel;
};

/**
 * Extend and auto-renewal through the family's own calls: unlimited packages renew with a
 * promo form; ISP packages choose the period.
 */
const FamilyControls = ({ state, isRestricted }: { state: PanelState; isRestricted: boolean }) => {
  const [isExtending, setExtending] = useState(false);
  const packageAutoUpdate = useSetPackageAutoUpdate();
  const unlimAutoUpdate = useSetUnlimAutoUpdate();
  const close = () => setExtending(false);
  return (
    <>
      <PanelControls
        status={state.status}
        autoUpdate={state.autoUpdate}
        isRestricted={isRestricted}
        onExtend={() => setExtending(true)}
        saveAutoUpdate={(isOn) =>
          (state.isUnlim ? unlimAutoUpdate : packageAutoUpdate).mutateAsync({
            id: state.id,
            isOn,
          })
        }
        isAutoRenewHidden={state.isAutoRenewHidden ?? false}
      />
      {isExtending && state.isUnlim && <UnlimRenewModal pkg={state} onClose={close} />}
      {isExtending && !state.isUnlim && <ExtendModal pkg={state} onClose={close} />}
    </>
  );
};
