/**
 * Package statistics, the statistics report, the ISP IP-list export and the API tools page
 * (spec 001: statistics pages, report period modal, exports, API tools; decisions 121-124).
 */

/** Report periods of the spec ("Report periods: daily, weekly, monthly, all"). */
export const STATISTICS_PERIODS = ['daily', 'weekly', 'monthly', 'all'] as const;
export type StatisticsPeriod = (typeof STATISTICS_PERIODS)[number];

/** Usage is aggregated per UTC hour (the gateway's rows) or per UTC day. */
export const USAGE_BUCKETS = ['hour', 'day'] as const;
export type UsageBucket = (typeof USAGE_BUCKETS)[number];

export const BUCKET_MS: Readonly<Record<UsageBucket, number>> = {
  hour: 3_600_000,
  day: 86_400_000,
};

/**
 * What each period shows (decision 121): the last `count` buckets up to and including the
 * current one, in UTC. `all` runs from the day the package was created (or its first metered
 * hour, if earlier) to today.
 */
export const PERIOD_WINDOWS: Readonly<
  Record<StatisticsPeriod, { bucket: UsageBucket; count: number | null }>
> = {
  daily: { bucket: 'hour', count: 24 },
  weekly: { bucket: 'hour', count: 7 * 24 },
  monthly: { bucket: 'day', count: 30 },
  all: { bucket: 'day', count: null },
};

/** The most buckets one usage range may ask for (a month of hours, ten years of days). */
export const USAGE_RANGE_MAX_BUCKETS: Readonly<Record<UsageBucket, number>> = {
  hour: 31 * 24,
  day: 3660,
};

/**
 * Line formats of the ISP IP list (`type` of GET /export/proxy-list/isp/:format/:type/:id,
 * decision 123): `login` is `ip:port:login:password` (login authorisation), `ip` is `ip:port`
 * (the package whitelists the customer's address).
 */
export const ISP_LIST_TYPES = ['login', 'ip'] as const;
export type IspListType = (typeof ISP_LIST_TYPES)[number];

/** The downloaded files' names (without the extension). */
export const ISP_LIST_FILE_NAME = 'isp-list';
export const STATISTICS_REPORT_FILE_NAME = 'statistics';

export const STATISTICS_ERROR_KEYS = {
  rangeOrder: 'statistics:errors.range_order',
  rangeTooLong: 'statistics:errors.range_too_long',
} as const;
