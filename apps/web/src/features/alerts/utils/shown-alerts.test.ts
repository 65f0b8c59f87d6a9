import { beforeEach, describe, expect, it } from 'vitest';
import type { SystemAlert } from '../api/get-alerts';
import { takeAlertsToShow } from './shown-alerts';

const alert = (id: number, is_active = true): SystemAlert => ({
  id,
  description: `alert ${id}`,
  is_active,
  type: 'info',
});

describe('takeAlertsToShow', () => {
  beforeEach(() => sessionStorage.clear());

  it('shows active alerts once per session, skipping id 3 and inactive ones', () => {
    const alerts = [alert(1), alert(2, false), alert(3), alert(4)];
    expect(takeAlertsToShow(alerts, 'en', sessionStorage).map((a) => a.id)).toEqual([1, 4]);
    expect(takeAlertsToShow(alerts, 'en', sessionStorage)).toEqual([]);
    expect(takeAlertsToShow([...alerts, alert(5)], 'en', sessionStorage).map((a) => a.id)).toEqual([
      5,
    ]);
  });

  it('shows them again once after a language change', () => {
    const alerts = [alert(1), alert(4)];
    takeAlertsToShow(alerts, 'en', sessionStorage);
    expect(takeAlertsToShow(alerts, 'ru', sessionStorage).map((a) => a.id)).toEqual([1, 4]);
    expect(takeAlertsToShow(alerts, 'ru', sessionStorage)).toEqual([]);
    expect(takeAlertsToShow(alerts, 'en', sessionStorage)).toEqual([]);
  });
});
