import { describe, expect, it } from 'vitest';
import { runCommand } from '../../../test/commands.ts';
import { registerUser, useTestApp } from '../../../test/helpers.ts';
import { usersCommands } from './users.commands.ts';

const ctx = useTestApp();

const run = async (name: string, args: string[]) =>
  (await runCommand(usersCommands, ctx.database.db, name, args)).output;

const userOf = async (token: string) =>
  (await ctx.api.profile(token)).json<{
    user: { is_restricted: boolean; email_verified_at: string | null };
  }>().user;

describe('operator user commands', () => {
  it('users:restrict sets and clears the restricted flag by e-mail (any case)', async () => {
    const { email, token } = await registerUser(ctx.app);
    expect((await userOf(token)).is_restricted).toBe(false);
    expect(await run('users:restrict', [email.toUpperCase()])).toContain('is_restricted = true');
    expect((await userOf(token)).is_restricted).toBe(true);
    await run('users:restrict', [email, '--off']);
    expect((await userOf(token)).is_restricted).toBe(false);
  });

  it('users:verify marks the e-mail verified; unknown e-mails and missing arguments fail', async () => {
    const { email, token } = await registerUser(ctx.app);
    await run('users:verify', [email]);
    expect((await userOf(token)).email_verified_at).not.toBeNull();
    await expect(run('users:restrict', ['nobody@example.invalid'])).rejects.toThrow(/No user/);
    await expect(run('users:verify', ['nobody@example.invalid'])).rejects.toThrow(/No user/);
    await expect(run('users:restrict', [])).rejects.toThrow(/users:restrict/);
  });
});
