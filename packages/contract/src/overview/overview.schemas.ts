import { z } from 'zod';
import { dollarsField } from '../common/money.ts';
import { PACKAGE_ROW_TYPES } from '../app/app.constants.ts';
import { PACKAGE_STATUSES } from '../catalogue/buy.constants.ts';
import { tariffFactsFields } from '../packages/packages.schemas.ts';
import { usageSeriesSchema } from '../statistics/statistics.schemas.ts';
import { OVERVIEW_ACTIONS } from './overview.constants.ts';

/** A running package as the overview shows it: traffic used and left, days left. */
export const overviewPackageSchema = z.object({
  id: z.number(),
  type: z.enum(PACKAGE_ROW_TYPES),
  tariff_name: z.string(),
  ...tariffFactsFields,
  status: z.enum(PACKAGE_STATUSES),
  package_key: z.string(),
  expired_at: z.string().nullable(),
  days_left: z.number().nullable(),
  auto_update: z.boolean(),
  /** Bytes (up plus down) metered in the current traffic period. */
  traffic_used_bytes: z.number(),
  /** The current period's limit; null for packages without one (ISP, unlimited). */
  traffic_limit_bytes: z.number().nullable(),
  /** What is left of the limit (never below 0); null without a limit. */
  traffic_left_bytes: z.number().nullable(),
  /** Its term ends within OVERVIEW_EXPIRING_DAYS. */
  is_expiring: z.boolean(),
  /** What one more period costs (the lifecycle's renewal price), in dollars. */
  renewal_price: dollarsField,
});
export type OverviewPackage = z.infer<typeof overviewPackageSchema>;

export const overviewActionSchema = z.object({
  kind: z.enum(OVERVIEW_ACTIONS),
  /** The expiring package an `extend` (or the top-up it needs) is about; else null. */
  package_id: z.number().nullable(),
});
export type OverviewAction = z.infer<typeof overviewActionSchema>;

/**
 * GET /overview: everything the cabinet's home page shows, in one answer, scoped to the
 * signed-in owner. `package_count` counts every package the owner has (any status, deleted
 * ones aside), which decides where `/cabinet` lands (decision 185).
 */
export const overviewSchema = z.object({
  balance: dollarsField,
  package_count: z.number(),
  /** Active packages, soonest expiry first. */
  packages: z.array(overviewPackageSchema),
  /** Charges for packages (buy, extend, upgrade, restore) in the window, net of refunds. */
  spend_30d: dollarsField,
  /** Every package's traffic per UTC day over the window (zeros filled). */
  traffic_30d: usageSeriesSchema,
  next_action: overviewActionSchema,
});
export type Overview = z.infer<typeof overviewSchema>;
