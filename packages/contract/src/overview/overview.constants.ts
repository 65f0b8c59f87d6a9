/**
 * The cabinet overview (decision 185): what counts as expiring, the window of the spend and
 * traffic totals, and the balance below which the next action is a top-up.
 */

/** A running package whose term ends within this many days is listed as expiring. */
export const OVERVIEW_EXPIRING_DAYS = 7;
/** The spend and traffic chart covers the last 30 UTC days, today included. */
export const OVERVIEW_WINDOW_DAYS = 30;
/**
 * Below $5 the balance cannot pay the cheapest traffic tariff's next period, so the overview's
 * next action is a top-up when nothing more urgent is due.
 */
export const OVERVIEW_LOW_BALANCE_CENTS = 500;

/**
 * What the overview suggests first: `top_up` (the balance is low, or short of an expiring
 * package's next period), `extend` an expiring package, `buy` when nothing is running, `none`.
 */
export const OVERVIEW_ACTIONS = ['top_up', 'extend', 'buy', 'none'] as const;
export type OverviewActionKind = (typeof OVERVIEW_ACTIONS)[number];
