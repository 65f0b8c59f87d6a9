import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  NOTIFICATION_DATA_SCHEMAS,
  NOTIFICATION_LABELS,
  toNotificationLines,
} from './notification.types.ts';
import { NOTIFICATION_DATE_LABELS, notificationValue } from './notification-values.ts';

describe('notification data', () => {
  it('turns typed data into bare-key lines in field order, leaving out absent optional fields', () => {
    expect(
      toNotificationLines('notifications.package_bought', {
        package: 'Base 5 GB',
        amount: '$4.75',
      }),
    ).toEqual([
      { label: 'package', value: 'Base 5 GB' },
      { label: 'amount', value: '$4.75' },
    ]);
    expect(toNotificationLines('notifications.withdrawal_rejected', { amount: '$5' })).toEqual([
      { label: 'amount', value: '$5' },
    ]);
  });

  it('refuses data of the wrong shape at run time too', () => {
    expect(() => toNotificationLines('notifications.top_up', { amount: '$1' } as never)).toThrow();
  });

  it('no label key carries a namespace or prefix', () => {
    expect(NOTIFICATION_LABELS.length).toBeGreaterThan(0);
    for (const label of NOTIFICATION_LABELS) expect(label).toMatch(/^[a-z_]+$/);
  });

  it('a date is an instant, which each reader writes its own way; other values stay as stored', () => {
    // The zod-free list names exactly the fields whose schema takes instants only.
    const instantLabels = new Set(
      Object.values(NOTIFICATION_DATA_SCHEMAS).flatMap((schema) =>
        Object.entries(schema.shape as Record<string, z.ZodType>).flatMap(([label, field]) =>
          field.safeParse('2027-01-27T04:38:00.000Z').success && !field.safeParse('soon').success
            ? [label]
            : [],
        ),
      ),
    );
    expect(NOTIFICATION_DATE_LABELS).toEqual([...instantLabels]);
    expect(() =>
      toNotificationLines('notifications.package_expiring', {
        package: 'Base 5 GB #7',
        date: '2027-01-27 04:38 UTC',
      }),
    ).toThrow();
    const [, date] = toNotificationLines('notifications.package_expiring', {
      package: 'Base 5 GB #7',
      date: '2027-01-27T04:38:00.000Z',
    });
    const written = (iso: string) => `<${iso}>`;
    expect(date && notificationValue(date, written)).toBe('<2027-01-27T04:38:00.000Z>');
    expect(
      notificationValue({ label: 'package', value: '2027-01-27T04:38:00.000Z' }, written),
    ).toBe('2027-01-27T04:38:00.000Z');
    // Stored before dates were instants: shown as written.
    expect(notificationValue({ label: 'date', value: '2027-01-27' }, written)).toBe('2027-01-27');
  });
});
