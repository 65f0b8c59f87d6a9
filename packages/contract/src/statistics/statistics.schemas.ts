import { z } from 'zod';
import { VALIDATION_KEYS, textField } from '../common/validation.ts';
import { tariffFactsFields } from '../packages/packages.schemas.ts';
import {
  BUCKET_MS,
  ISP_LIST_TYPES,
  STATISTICS_ERROR_KEYS,
  STATISTICS_PERIODS,
  USAGE_BUCKETS,
  USAGE_RANGE_MAX_BUCKETS,
} from './statistics.constants.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An instant as ISO 8601 with a zone (`2026-11-23T10:00:00Z`), as `Date#toISOString` writes. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;

export const packageUuidField = textField().regex(UUID, VALIDATION_KEYS.invalidType);
/** Package keys are 32 hex characters today; older keys may be any short clean text. */
export const packageKeyField = textField().min(1).max(128);
export const statisticsPeriodField = z.enum(STATISTICS_PERIODS);

export const instantField = textField().refine(
  (value) => ISO_INSTANT.test(value) && !Number.isNaN(Date.parse(value)),
  VALIDATION_KEYS.invalidType,
);

/**
 * GET /statistics/usage/:uuid: a range of buckets. `from` is rounded down and `to` up to whole
 * buckets (UTC); at most USAGE_RANGE_MAX_BUCKETS of them.
 */
export const usageRangeQuerySchema = z
  .object({
    bucket: z.enum(USAGE_BUCKETS).default('hour'),
    from: instantField,
    to: instantField,
  })
  .superRefine((query, ctx) => {
    const from = Date.parse(query.from);
    const to = Date.parse(query.to);
    // A field that failed its own check has its own error already.
    if (Number.isNaN(from) || Number.isNaN(to)) return;
    if (from >= to) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: STATISTICS_ERROR_KEYS.rangeOrder });
      return;
    }
    const max = USAGE_RANGE_MAX_BUCKETS[query.bucket];
    if ((to - from) / BUCKET_MS[query.bucket] > max)
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: STATISTICS_ERROR_KEYS.rangeTooLong,
        params: { max },
      });
  });

/** The bytes up and down of a bucket or a period. */
const upDownBytesSchema = z.object({ bytes_up: z.number(), bytes_down: z.number() });

/** A period's totals: up, down and up plus down. */
export const usageTotalsSchema = upDownBytesSchema.extend({ bytes: z.number() });
export type UsageTotals = z.infer<typeof usageTotalsSchema>;

/** One bucket: `time` is its start (ISO, UTC); buckets without traffic are there with zeros. */
export const usagePointSchema = upDownBytesSchema.extend({ time: z.string() });
export type UsagePoint = z.infer<typeof usagePointSchema>;

export const usageSeriesSchema = z.object({
  bucket: z.enum(USAGE_BUCKETS),
  /** First bucket's start and the end of the last bucket (exclusive), ISO UTC. */
  from: z.string(),
  to: z.string(),
  points: z.array(usagePointSchema),
  totals: usageTotalsSchema,
});
export type UsageSeries = z.infer<typeof usageSeriesSchema>;

/** The package a statistics page is about. */
export const statisticsPackageSchema = z.object({
  id: z.number(),
  uuid: z.string(),
  package_key: z.string(),
  type: z.enum(['isp', 'dynamic', 'vip', 'unlim']),
  tariff_name: z.string(),
  ...tariffFactsFields,
  status: z.string(),
  created_at: z.string(),
  expired_at: z.string().nullable(),
  traffic_limit_bytes: z.number().nullable(),
});

/**
 * One sub-user's share of a period's traffic (decision 187) on the statistics page and in its report
 * (deleted ones keep their name; `deleted` marks them).
 */
export const subUserUsageSchema = z.object({
  id: z.number(),
  name: z.string(),
  login: z.string(),
  deleted: z.boolean(),
  bytes_up: z.number(),
  bytes_down: z.number(),
  bytes: z.number(),
});
export type SubUserUsage = z.infer<typeof subUserUsageSchema>;

/**
 * A statistics page: the period's chart series and the totals of every period (each the sum
 * of that period's series).
 */
export const packageStatisticsSchema = z.object({
  package: statisticsPackageSchema,
  period: statisticsPeriodField,
  series: usageSeriesSchema,
  /** The period's bytes per sub-user (empty for packages without any); the rest is the package's own login's. */
  sub_users: z.array(subUserUsageSchema),
  totals: z.object({
    daily: usageTotalsSchema,
    weekly: usageTotalsSchema,
    monthly: usageTotalsSchema,
    all: usageTotalsSchema,
  }),
});
export type PackageStatistics = z.infer<typeof packageStatisticsSchema>;

export const ispListTypeField = z.enum(ISP_LIST_TYPES);

/**
 * The API tools page of a package: where and how to connect. `https_url` is the HTTP proxy URL
 * that carries HTTP and HTTPS (CONNECT) traffic; `socks5_url` the SOCKS5 one (decision 124), null
 * with `port_socks` for an ISP package bought for HTTP(S) only (decision 154).
 * `sample` is a place the gateway really has an exit for (null when it has none), so the
 * country and city examples work as printed; `check_url` the address the examples fetch.
 */
export const apiToolsSchema = z.object({
  package_key: z.string(),
  type: z.enum(['isp', 'dynamic', 'vip', 'unlim']),
  host: z.string(),
  port: z.number(),
  port_socks: z.number().nullable(),
  login: z.string(),
  password: z.string(),
  https_url: z.string(),
  socks5_url: z.string().nullable(),
  check_url: z.string(),
  sample: z.object({ country: z.string(), city: z.string().nullable() }).nullable(),
});
export type ApiTools = z.infer<typeof apiToolsSchema>;
