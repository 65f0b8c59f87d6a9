import { z } from 'zod';
import { VALIDATION_KEYS, textField } from '../common/validation.ts';

/**
 * Usage alerts of a package (decision 184): the customer picks the traffic percentages used and
 * the days before the expiry at which they hear of it, each once per period.
 */
export const USAGE_ALERT_MAX_THRESHOLDS = 5;
export const TRAFFIC_ALERT_PERCENT = { min: 1, max: 100 } as const;
/** The longest period a package is sold for is 30 days (90 for ISP): a month ahead at most. */
export const EXPIRY_ALERT_DAYS = { min: 1, max: 30 } as const;

/** Field error keys of PUT /packages/:id/alerts (the `packages` namespace). */
export const PACKAGE_ALERTS_ERRORS = {
  tooMany: 'packages:alerts.errors.too_many',
  duplicate: 'packages:alerts.errors.duplicate',
  percentRange: 'packages:alerts.errors.percent_range',
  daysRange: 'packages:alerts.errors.days_range',
  noTraffic: 'packages:alerts.errors.no_traffic',
  noExpiry: 'packages:alerts.errors.no_expiry',
} as const;

const thresholds = (range: { min: number; max: number }, rangeError: string) =>
  z
    .array(
      z
        .number({ error: rangeError })
        .int(rangeError)
        .min(range.min, rangeError)
        .max(range.max, rangeError),
      { error: VALIDATION_KEYS.invalidType },
    )
    .max(USAGE_ALERT_MAX_THRESHOLDS, PACKAGE_ALERTS_ERRORS.tooMany)
    .refine((values) => new Set(values).size === values.length, PACKAGE_ALERTS_ERRORS.duplicate)
    // Stored and answered ascending, whatever order they were typed in.
    .transform((values) => [...values].sort((a, b) => a - b));

export const trafficAlertPercentsSchema = thresholds(
  TRAFFIC_ALERT_PERCENT,
  PACKAGE_ALERTS_ERRORS.percentRange,
);
export const expiryAlertDaysSchema = thresholds(EXPIRY_ALERT_DAYS, PACKAGE_ALERTS_ERRORS.daysRange);

/** PUT /packages/:id/alerts: both lists, each possibly empty (no alerts of that kind). */
export const packageAlertsSchema = z.object({
  traffic_percents: trafficAlertPercentsSchema,
  expiry_days: expiryAlertDaysSchema,
});
export type PackageAlertsInput = z.input<typeof packageAlertsSchema>;
export type PackageAlerts = z.output<typeof packageAlertsSchema>;

/**
 * A list as the cabinet's form takes it, "50, 80, 95" (commas or spaces between), parsed into
 * the request's list and checked by the same rules; a failure is the text field's own error
 * (the form shows one message under the field, not one per value).
 */
const thresholdsText = (list: typeof trafficAlertPercentsSchema, rangeError: string) =>
  textField()
    .max(200, VALIDATION_KEYS.tooLong)
    .transform((text, ctx) => {
      const parts = text.split(/[\s,;]+/).filter((part) => part !== '');
      const parsed = list.safeParse(
        parts.map((part) => (/^\d{1,3}$/.test(part) ? Number(part) : Number.NaN)),
      );
      if (parsed.success) return parsed.data;
      ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? rangeError });
      return z.NEVER;
    });

/** The cabinet's Alerts form: the two lists as text, parsed into a PUT /packages/:id/alerts body. */
export const packageAlertsFormSchema = z.object({
  traffic_percents: thresholdsText(trafficAlertPercentsSchema, PACKAGE_ALERTS_ERRORS.percentRange),
  expiry_days: thresholdsText(expiryAlertDaysSchema, PACKAGE_ALERTS_ERRORS.daysRange),
});
export type PackageAlertsFormValues = z.input<typeof packageAlertsFormSchema>;

/** The package's alerts, and which kinds it can have (traffic: a traffic limit; expiry: a date). */
export const packageAlertsResponseSchema = z.object({
  data: z.object({
    traffic_percents: z.array(z.number()),
    expiry_days: z.array(z.number()),
    has_traffic: z.boolean(),
    has_expiry: z.boolean(),
  }),
});
export type PackageAlertsResponse = z.infer<typeof packageAlertsResponseSchema>;
