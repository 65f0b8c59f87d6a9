import { describe, expect, it } from 'vitest';
import type { Language } from '../../../test/api-client.ts';
import { runCommand } from '../../../test/commands.ts';
import { useTestApp, registerUser } from '../../../test/helpers.ts';
import { alertsCommands } from './alerts.commands.ts';

type Alerts = { alerts: { id: number; description: string; is_active: boolean; type: string }[] };

const ctx = useTestApp();

const run = async (name: string, args: string[]) =>
  (await runCommand(alertsCommands, ctx.database.db, name, args)).output;

const list = async (token: string, language: Language = 'en') => {
  const response = await ctx.api.request('GET', '/api/profile/alerts', { token, language });
  expect(response.statusCode).toBe(200);
  return response.json<Alerts>();
};

const idOf = (output: string) => Number(/system alert (\d+)/.exec(output)?.[1]);

describe('GET /profile/alerts', () => {
  it('lists active alerts in the request language; inactive ones disappear', async () => {
    const { token } = await registerUser(ctx.app);
    const info = idOf(await run('alerts:create', ['--en', 'Maintenance', '--ru', 'Работы']));
    const warning = idOf(
      await run('alerts:create', ['--type', 'warning', '--en=Heads up', '--ru=Внимание']),
    );
    const gone = idOf(await run('alerts:create', ['--en', 'Old', '--ru', 'Старое']));
    await run('alerts:deactivate', [String(gone)]);

    const en = await list(token);
    expect(en.alerts).toEqual(
      expect.arrayContaining([
        { id: info, description: 'Maintenance', is_active: true, type: 'info' },
        { id: warning, description: 'Heads up', is_active: true, type: 'warning' },
      ]),
    );
    expect(en.alerts.find((a) => a.id === gone)).toBeUndefined();
    const ru = await list(token, 'ru');
    expect(ru.alerts.find((a) => a.id === info)?.description).toBe('Работы');

    await run('alerts:activate', [String(gone)]);
    expect((await list(token)).alerts.some((a) => a.id === gone)).toBe(true);
    await run('alerts:deactivate', [String(gone)]);
  });

  it('restricted users are refused and inactive accounts get none', async () => {
    await run('alerts:create', ['--en', 'Visible', '--ru', 'Видно']);
    const restricted = await registerUser(ctx.app);
    const inactive = await registerUser(ctx.app);
    await ctx.database.db
      .updateTable('users')
      .set({ is_restricted: true })
      .where('id', '=', restricted.id)
      .execute();
    await ctx.database.db
      .updateTable('users')
      .set({ status: 0 })
      .where('id', '=', inactive.id)
      .execute();
    // Restricted users are refused outright (decision 067), not served an empty list.
    const refused = await ctx.api.request('GET', '/api/profile/alerts', {
      token: restricted.token,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    expect((await list(inactive.token)).alerts).toEqual([]);
    const normal = await registerUser(ctx.app);
    expect((await list(normal.token)).alerts.length).toBeGreaterThan(0);
  });

  it('requires authentication; the commands validate their arguments', async () => {
    const response = await ctx.api.request('GET', '/api/profile/alerts');
    expect(response.statusCode).toBe(401);
    await expect(run('alerts:create', ['--en', 'x'])).rejects.toThrow(/alerts:create/);
    await expect(
      run('alerts:create', ['--en', 'x', '--ru', 'y', '--type', 'bad']),
    ).rejects.toThrow();
    await expect(run('alerts:deactivate', ['999999'])).rejects.toThrow(/No system alert/);
    await expect(run('alerts:deactivate', ['abc'])).rejects.toThrow();
    expect(await run('alerts:list', [])).toMatch(/Maintenance/);
  });
});
