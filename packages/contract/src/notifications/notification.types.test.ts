import { describe, expect, it } from 'vitest';
import { NOTIFICATION_LABELS, toNotificationLines } from './notification.types.ts';

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
});
