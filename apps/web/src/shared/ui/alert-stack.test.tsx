import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { ALERT_AUTO_DISMISS_MS, ALERT_COLLAPSE_DELAY_MS, ALERT_GAP_PX } from '@proxy/contract';
import { AlertStack } from './alert';
import { showAlert, useAlertStore } from './alert-store';

const alertTexts = () => screen.queryAllByText(/^Alert \d$/).map((node) => node.textContent);

describe('transient alert stack (spec: 5 s auto-dismiss, collapse beyond 3 after 3 s, 15 px gap)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useAlertStore.getState().clear();
  });
  afterEach(() => {
    act(() => useAlertStore.getState().clear());
    vi.useRealTimers();
  });

  it('dismisses an auto-dismiss alert after 5 s and keeps a sticky one', () => {
    const { container } = render(<AlertStack />);
    act(() => {
      showAlert.success('Alert 1');
      useAlertStore.getState().push({ type: 'info', content: 'Alert 2', autoDismiss: false });
    });
    expect(alertTexts()).toEqual(['Alert 1', 'Alert 2']);
    expect((container.firstChild as HTMLElement).style.gap).toBe(`${ALERT_GAP_PX}px`);

    act(() => {
      vi.advanceTimersByTime(ALERT_AUTO_DISMISS_MS - 1);
    });
    expect(alertTexts()).toEqual(['Alert 1', 'Alert 2']);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(alertTexts()).toEqual(['Alert 2']);
  });

  it('shows an identical alert once and restarts its 5 s', () => {
    render(<AlertStack />);
    act(() => {
      showAlert.error('Alert 1');
      showAlert.error('Alert 1');
      showAlert.success('Alert 2');
    });
    expect(alertTexts()).toEqual(['Alert 1', 'Alert 2']);
    act(() => {
      vi.advanceTimersByTime(ALERT_AUTO_DISMISS_MS - 1000);
      showAlert.error('Alert 1');
    });
    expect(alertTexts()).toEqual(['Alert 1', 'Alert 2']);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    // Alert 2 had its 5 s; Alert 1 was shown again 1 s ago and stays.
    expect(alertTexts()).toEqual(['Alert 1']);
    act(() => {
      vi.advanceTimersByTime(ALERT_AUTO_DISMISS_MS - 1000);
    });
    expect(alertTexts()).toEqual([]);
    // The same text as another type is another alert.
    act(() => {
      showAlert.error('Alert 3');
      showAlert.info('Alert 3');
    });
    expect(screen.getAllByText('Alert 3')).toHaveLength(2);
  });

  it('collapses to the newest three after 3 s when there are more than three, with Show/Hide', () => {
    render(<AlertStack />);
    act(() => {
      for (let i = 1; i <= 5; i += 1) {
        useAlertStore.getState().push({ type: 'info', content: `Alert ${i}`, autoDismiss: false });
      }
    });
    expect(alertTexts()).toHaveLength(5);
    act(() => {
      vi.advanceTimersByTime(ALERT_COLLAPSE_DELAY_MS - 1);
    });
    expect(alertTexts()).toHaveLength(5);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(alertTexts()).toEqual(['Alert 3', 'Alert 4', 'Alert 5']);

    act(() => screen.getByRole('button', { name: 'Show all (2 more)' }).click());
    expect(alertTexts()).toHaveLength(5);
    act(() => screen.getByRole('button', { name: 'Hide' }).click());
    expect(alertTexts()).toEqual(['Alert 3', 'Alert 4', 'Alert 5']);
  });

  it('never collapses three or fewer alerts', () => {
    render(<AlertStack />);
    act(() => {
      for (let i = 1; i <= 3; i += 1) {
        useAlertStore.getState().push({ type: 'info', content: `Alert ${i}`, autoDismiss: false });
      }
    });
    act(() => {
      vi.advanceTimersByTime(ALERT_COLLAPSE_DELAY_MS * 2);
    });
    expect(alertTexts()).toHaveLength(3);
    expect(screen.queryByRole('button', { name: /Show all|Hide/ })).toBeNull();
  });
});
