import { describe, expect, it } from 'vitest';
import { isNearBottom, notificationLines, notificationTitleKey } from './notification-lines';

describe('notification utils', () => {
  it('turns data into label/value lines, skipping empty and nested values', () => {
    expect(notificationLines({ ip: '1.2.3.4', amount: 5, nested: { a: 1 }, empty: null })).toEqual([
      { label: 'ip', value: '1.2.3.4' },
      { label: 'amount', value: '5' },
    ]);
    expect(notificationLines(null)).toEqual([]);
    expect(
      notificationLines([
        { label: 'email', value: 'a@b.c' },
        { label: 'x', value: null },
      ]),
    ).toEqual([{ label: 'email', value: 'a@b.c' }]);
  });

  it('maps types to keys of the notifications namespace', () => {
    expect(notificationTitleKey('notifications.welcome')).toBe(
      'notifications:notifications.welcome',
    );
    expect(notificationTitleKey('welcome')).toBe('notifications:notifications.welcome');
  });

  it('detects the 20 px bottom threshold', () => {
    expect(isNearBottom({ scrollTop: 480, clientHeight: 500, scrollHeight: 1000 }, 20)).toBe(true);
    expect(isNearBottom({ scrollTop: 479, clientHeight: 500, scrollHeight: 1000 }, 20)).toBe(false);
  });
});
