import { describe, expect, it } from 'vitest';
import {
  canDelete,
  canDownload,
  isAwaitingSetup,
  isExpandable,
  shownStatus,
  STATUS_TONE,
  trafficAlert,
} from './package-rules';

const row = (type: string, status: string, resume_package_allowed = false) => ({
  type,
  status,
  resume_package_allowed,
});

describe('package statuses', () => {
  it('shows a resumable inactive package as suspended (info), a plain one as inactive (error)', () => {
    expect(shownStatus(row('isp', 'inactive', true))).toBe('suspended');
    expect(STATUS_TONE.suspended).toBe('info');
    expect(shownStatus(row('isp', 'inactive'))).toBe('inactive');
    expect(STATUS_TONE.inactive).toBe('danger');
    expect(shownStatus(row('isp', 'something-new'))).toBeNull();
  });
  it('colours active success; inactive, deactivate, empty error; pending, processing info', () => {
    expect(STATUS_TONE.active).toBe('success');
    expect([STATUS_TONE.deactivate, STATUS_TONE.empty]).toEqual(['danger', 'danger']);
    expect([STATUS_TONE.pending, STATUS_TONE.processing]).toEqual(['info', 'info']);
  });
});

describe('isExpandable', () => {
  it('opens active, pending, processing and suspended rows only', () => {
    for (const status of ['active', 'pending', 'processing'])
      expect(isExpandable(row('dynamic', status))).toBe(true);
    expect(isExpandable(row('dynamic', 'inactive', true))).toBe(true);
    for (const status of ['inactive', 'deactivate', 'empty'])
      expect(isExpandable(row('dynamic', status))).toBe(false);
  });
  it('marks pending and processing rows as being set up', () => {
    expect(isAwaitingSetup(row('isp', 'pending'))).toBe(true);
    expect(isAwaitingSetup(row('isp', 'processing'))).toBe(true);
    expect(isAwaitingSetup(row('isp', 'active'))).toBe(false);
  });
});

describe('row buttons', () => {
  it('hides download for pending, inactive, deactivate, processing, vip and unlim', () => {
    expect(canDownload(row('dynamic', 'active'))).toBe(true);
    expect(canDownload(row('isp', 'active'))).toBe(true);
    expect(canDownload(row('isp', 'empty'))).toBe(true);
    for (const status of ['pending', 'inactive', 'deactivate', 'processing'])
      expect(canDownload(row('isp', status))).toBe(false);
    expect(canDownload(row('vip', 'active'))).toBe(false);
    expect(canDownload(row('unlim', 'active'))).toBe(false);
  });
  it('hides delete for an active unlimited package only', () => {
    expect(canDelete(row('unlim', 'active'))).toBe(false);
    expect(canDelete(row('unlim', 'inactive'))).toBe(true);
    expect(canDelete(row('dynamic', 'active'))).toBe(true);
    expect(canDelete(row('vip', 'active'))).toBe(true);
  });
});

describe('traffic alerts', () => {
  const gb = 1024 ** 3;
  it('warns when nothing is left, and when at most 10% but more than 0% is left', () => {
    expect(trafficAlert(10 * gb, 10 * gb)).toBe('exhausted');
    expect(trafficAlert(11 * gb, 10 * gb)).toBe('exhausted');
    expect(trafficAlert(9 * gb, 10 * gb)).toBe('low');
    expect(trafficAlert(9.99 * gb, 10 * gb)).toBe('low');
    expect(trafficAlert(8.99 * gb, 10 * gb)).toBeNull();
    expect(trafficAlert(0, 10 * gb)).toBeNull();
  });
  it('has no alert without a limit', () => {
    expect(trafficAlert(5 * gb, null)).toBeNull();
  });
});
