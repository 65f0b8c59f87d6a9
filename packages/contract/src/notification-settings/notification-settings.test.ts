import { describe, expect, it } from 'vitest';
import { NOTIFICATION_DATA_SCHEMAS } from '../notifications/notification.types.ts';
import {
  NOTIFICATION_SETTING_GROUPS,
  notificationTypeOfSetting,
} from './notification-settings.constants.ts';
import { notificationSettingsUpdateSchema } from './notification-settings.schemas.ts';

const channels = { mail: true, database: true, telegram: false };

describe('notification setting groups', () => {
  it('hold every notification type exactly once', () => {
    const names = NOTIFICATION_SETTING_GROUPS.flatMap((group) => [...group.names]);
    expect(new Set(names).size).toBe(names.length);
    expect(names.map(notificationTypeOfSetting).sort()).toEqual(
      Object.keys(NOTIFICATION_DATA_SCHEMAS).sort(),
    );
  });
});

describe('notificationSettingsUpdateSchema', () => {
  const issues = (body: unknown) => {
    const result = notificationSettingsUpdateSchema.safeParse(body);
    return result.success
      ? []
      : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
  };

  it('accepts the groups as GET returns them, with settings left out', () => {
    expect(
      issues({
        settings: [
          { id: 'packages', type: 'package', settings: [{ name: 'package_bought', channels }] },
          { id: 'account', type: 'user', settings: [] },
        ],
      }),
    ).toEqual([]);
  });

  it('refuses unknown names, names of another group, repeats and unknown channels at their paths', () => {
    expect(
      issues({
        settings: [
          {
            id: 'packages',
            type: 'package',
            settings: [
              { name: 'nope', channels },
              { name: 'top_up', channels },
              { name: 'package_bought', channels: { ...channels, sms: true } },
              { name: 'package_bought', channels },
            ],
          },
        ],
      }),
    ).toEqual([
      ['settings.0.settings.2.channels.sms', 'notification-settings:errors.unknown_channel'],
      ['settings.0.settings.0.name', 'notification-settings:errors.unknown_setting'],
      ['settings.0.settings.1.name', 'notification-settings:errors.wrong_group'],
      ['settings.0.settings.3.name', 'notification-settings:errors.duplicate_setting'],
    ]);
  });

  it('refuses a missing channel and a non-boolean switch', () => {
    expect(
      issues({
        settings: [
          {
            id: 'finance',
            type: 'user',
            settings: [{ name: 'top_up', channels: { mail: 'yes', database: true } }],
          },
        ],
      }).map(([path]) => path),
    ).toEqual(['settings.0.settings.0.channels.mail', 'settings.0.settings.0.channels.telegram']);
  });
});
