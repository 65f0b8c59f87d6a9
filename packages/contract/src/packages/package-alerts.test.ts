import { describe, expect, it } from 'vitest';
import {
  PACKAGE_ALERTS_ERRORS,
  packageAlertsFormSchema,
  packageAlertsSchema,
} from './package-alerts.schemas.ts';

const errorsOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('usage alert thresholds', () => {
  it('the request takes up to 5 distinct whole values in range and answers them ascending', () => {
    expect(
      packageAlertsSchema.parse({ traffic_percents: [95, 50, 80], expiry_days: [1, 7, 3] }),
    ).toEqual({ traffic_percents: [50, 80, 95], expiry_days: [1, 3, 7] });
    expect(packageAlertsSchema.parse({ traffic_percents: [1, 100], expiry_days: [30] })).toEqual({
      traffic_percents: [1, 100],
      expiry_days: [30],
    });
    expect(
      errorsOf(
        packageAlertsSchema.safeParse({ traffic_percents: [0, 101, 50.5], expiry_days: [31] }),
      ),
    ).toEqual([
      ['traffic_percents.0', PACKAGE_ALERTS_ERRORS.percentRange],
      ['traffic_percents.1', PACKAGE_ALERTS_ERRORS.percentRange],
      ['traffic_percents.2', PACKAGE_ALERTS_ERRORS.percentRange],
      ['expiry_days.0', PACKAGE_ALERTS_ERRORS.daysRange],
    ]);
    expect(
      errorsOf(
        packageAlertsSchema.safeParse({
          traffic_percents: [5, 5],
          expiry_days: [1, 2, 3, 4, 5, 6],
        }),
      ),
    ).toEqual([
      ['traffic_percents', PACKAGE_ALERTS_ERRORS.duplicate],
      ['expiry_days', PACKAGE_ALERTS_ERRORS.tooMany],
    ]);
  });

  it('the form reads "50, 80 95" as the same list and reports one error per field', () => {
    expect(
      packageAlertsFormSchema.parse({ traffic_percents: '80, 50 95', expiry_days: ' 7;3 ' }),
    ).toEqual({ traffic_percents: [50, 80, 95], expiry_days: [3, 7] });
    expect(packageAlertsFormSchema.parse({ traffic_percents: '', expiry_days: '' })).toEqual({
      traffic_percents: [],
      expiry_days: [],
    });
    expect(
      errorsOf(
        packageAlertsFormSchema.safeParse({ traffic_percents: '0, 50', expiry_days: 'soon' }),
      ),
    ).toEqual([
      ['traffic_percents', PACKAGE_ALERTS_ERRORS.percentRange],
      ['expiry_days', PACKAGE_ALERTS_ERRORS.daysRange],
    ]);
    expect(
      errorsOf(
        packageAlertsFormSchema.safeParse({
          traffic_percents: '50, 50',
          expiry_days: '1 2 3 4 5 6',
        }),
      ),
    ).toEqual([
      ['traffic_percents', PACKAGE_ALERTS_ERRORS.duplicate],
      ['expiry_days', PACKAGE_ALERTS_ERRORS.tooMany],
    ]);
  });
});
