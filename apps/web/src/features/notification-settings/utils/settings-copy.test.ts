import { describe, expect, it } from 'vitest';
import type { NotificationSettingGroup } from '@proxy/contract';
import { isChanged, withChannel } from './settings-copy';

const server: NotificationSettingGroup[] = [
  {
    id: 'finance',
    type: 'user',
    settings: [
      { name: 'top_up', channels: { mail: true, database: true, telegram: false } },
      { name: 'referral_reward', channels: { mail: true, database: true, telegram: false } },
    ],
  },
];

describe('settings copy', () => {
  it('changes one switch of one setting and leaves the server copy alone', () => {
    const local = withChannel(server, 'top_up', 'telegram', true);
    expect(local[0]?.settings[0]?.channels).toEqual({ mail: true, database: true, telegram: true });
    expect(local[0]?.settings[1]).toBe(server[0]?.settings[1]);
    expect(server[0]?.settings[0]?.channels.telegram).toBe(false);
    expect(isChanged(local, server)).toBe(true);
    expect(isChanged(withChannel(local, 'top_up', 'telegram', false), server)).toBe(false);
  });
});
