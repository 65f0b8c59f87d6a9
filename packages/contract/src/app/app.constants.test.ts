import { describe, expect, it } from 'vitest';
import * as c from './app.constants.ts';
import { TABLE } from '../tables/tables.schemas.ts';
import * as notifications from '../notifications/notifications.schemas.ts';
import * as referral from '../referral/referral.schemas.ts';

// The table of spec 000 section 9, written out once more so a drifting constant fails here.
describe('business constants (spec 000 section 9)', () => {
  it('match the spec table', () => {
    expect(c.APP_VERSION).toBe('1.43.1');
    expect([c.LANGUAGES, c.FALLBACK_LANGUAGE]).toEqual([['en', 'ru'], 'en']);
    // I18N_NAMESPACES is checked against the translation files (apps/web locales test).
    expect([c.I18N_DEFAULT_NAMESPACE, c.I18N_LOAD_RETRIES, c.I18N_MAX_PARALLEL_READS]).toEqual([
      'base',
      5,
      10,
    ]);
    expect([c.ACCESS_TOKEN_COOKIE, c.TOKEN_SYNC_STORAGE_KEY, c.ACCESS_TOKEN_TTL_DAYS]).toEqual([
      'ACCESS_TOKEN',
      'TOKEN_SYNC',
      30,
    ]);
    expect([c.PASSWORD_MIN_LENGTH, c.NICKNAME_MIN_LENGTH]).toEqual([8, 3]);
    expect(c.BREAKPOINTS).toEqual({ large: 1092, medium: 768, small: 576 });
    expect([
      notifications.NOTIFICATIONS_PAGE_SIZE,
      notifications.NOTIFICATIONS_SCROLL_THRESHOLD_PX,
      notifications.NOTIFICATIONS_READ_VISIBILITY,
    ]).toEqual([10, 20, 0.5]);
    expect(notifications.NOTIFICATIONS_STALE_MS).toBe(60_000);
    expect([TABLE.defaultPageSize, TABLE.defaultSortField, TABLE.defaultSortDirection]).toEqual([
      10,
      'created_at',
      'desc',
    ]);
    expect(TABLE.pageSizeOptions).toEqual([10, 20, 50, 100]);
    expect([TABLE.searchMinLength, TABLE.pagerFullWindow]).toEqual([3, 6]);
    expect([c.FAQ_SEARCH_MIN_LENGTH, c.SEARCH_DEBOUNCE_MS, c.ACCORDION_TRANSITION_MS]).toEqual([
      4, 500, 250,
    ]);
    expect([c.COPY_CONFIRMATION_MS, c.SKIPPED_SYSTEM_ALERT_ID]).toEqual([5000, 3]);
    expect([
      c.ALERT_AUTO_DISMISS_MS,
      c.ALERT_COLLAPSE_DELAY_MS,
      c.ALERT_COLLAPSE_AFTER,
      c.ALERT_GAP_PX,
    ]).toEqual([5000, 3000, 3, 15]);
    expect([referral.MIN_TRANSFER_DOLLARS, referral.MIN_WITHDRAW_DOLLARS]).toEqual([1, 100]);
    expect([c.TOP_UP_PAYMENT_COOKIE, c.TOP_UP_PAYMENT_COOKIE_TTL_HOURS]).toEqual([
      'topUpPaymentData',
      2,
    ]);
    expect([c.REFERRAL_CODE_STORAGE_KEY, c.PASSWORD_RESET_TTL_MINUTES]).toEqual([
      'referralCode',
      60,
    ]);
  });
});
