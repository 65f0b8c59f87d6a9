import { describe, expect, it } from 'vitest';
import { VALIDATION_KEYS } from '../common/validation.ts';
import {
  SUB_USER_BYTES_PER_GB,
  SUB_USER_ERRORS,
  createSubUserSchema,
  endOfLocalDay,
  limitBytesAsGbText,
  localDayOf,
  subUserFormSchema,
} from './sub-users.schemas.ts';

const errorsOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

const TODAY = '2027-03-10';
const form = (values: Partial<Record<'name' | 'limit_gb' | 'expires_on', string>>) => ({
  name: 'Team A',
  limit_gb: '',
  expires_on: '',
  enabled: true,
  ...values,
});

describe('the cabinet sub-user form', () => {
  it('turns GB text and a date into the body POST /packages/:id/sub-users takes', () => {
    const body = subUserFormSchema({ today: TODAY }).parse(
      form({ name: '  Team A ', limit_gb: '1,5', expires_on: '2027-03-31' }),
    );
    expect(body).toEqual({
      name: 'Team A',
      traffic_limit_bytes: 1.5 * SUB_USER_BYTES_PER_GB,
      // The last day it works: it expires at the end of that day where the customer is.
      expires_at: new Date(2027, 2, 31, 23, 59, 59, 999).toISOString(),
      enabled: true,
    });
    // The server's own schema takes the output as it is.
    expect(createSubUserSchema.parse(body)).toEqual(body);
    expect(
      subUserFormSchema({ today: TODAY }).parse({ ...form({ limit_gb: '0.001' }), enabled: false }),
    ).toEqual({
      name: 'Team A',
      traffic_limit_bytes: Math.round(0.001 * SUB_USER_BYTES_PER_GB),
      expires_at: null,
      enabled: false,
    });
  });

  it('empty limit and expiry are no limit and no expiry; today is still a valid last day', () => {
    expect(subUserFormSchema({ today: TODAY }).parse(form({ expires_on: TODAY }))).toMatchObject({
      traffic_limit_bytes: null,
      expires_at: endOfLocalDay(TODAY),
    });
  });

  it('refuses what the server would, under the field it belongs to', () => {
    const schema = subUserFormSchema({ today: TODAY });
    expect(
      errorsOf(schema.safeParse(form({ name: '   ', limit_gb: '0', expires_on: '2027-03-09' }))),
    ).toEqual([
      ['name', VALIDATION_KEYS.required],
      ['limit_gb', SUB_USER_ERRORS.limitRange],
      ['expires_on', SUB_USER_ERRORS.expiryPast],
    ]);
    for (const limit of ['abc', '-1', '1.2345', '1e3', '0.0001', '931323', '1 5']) {
      expect(errorsOf(schema.safeParse(form({ limit_gb: limit }))), limit).toEqual([
        ['limit_gb', SUB_USER_ERRORS.limitRange],
      ]);
    }
    for (const day of ['2027-02-30', '2027-13-01', '10.03.2027', 'tomorrow']) {
      expect(errorsOf(schema.safeParse(form({ expires_on: day }))), day).toEqual([
        ['expires_on', VALIDATION_KEYS.invalidType],
      ]);
    }
    expect(errorsOf(schema.safeParse(form({ name: 'x'.repeat(41) })))).toEqual([
      ['name', VALIDATION_KEYS.tooLong],
    ]);
  });

  it('an edit may keep an expiry that has passed, but not set another past day', () => {
    const schema = subUserFormSchema({ today: TODAY, keptExpiry: '2027-03-01' });
    expect(schema.safeParse(form({ expires_on: '2027-03-01' })).success).toBe(true);
    expect(errorsOf(schema.safeParse(form({ expires_on: '2027-03-02' })))).toEqual([
      ['expires_on', SUB_USER_ERRORS.expiryPast],
    ]);
  });

  it('shows a stored sub-user back in the form as it was typed', () => {
    expect(limitBytesAsGbText(null)).toBe('');
    expect(limitBytesAsGbText(5 * SUB_USER_BYTES_PER_GB)).toBe('5');
    expect(limitBytesAsGbText(Math.round(1.25 * SUB_USER_BYTES_PER_GB))).toBe('1.25');
    expect(localDayOf(endOfLocalDay('2027-12-31'))).toBe('2027-12-31');
  });
});
