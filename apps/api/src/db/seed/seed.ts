import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { DbRoot } from '@proxy/db';
import { generateCode } from '../../lib/crypto.ts';
import { apiKeyColumns } from '../../modules/users/api-key.ts';
import { hashPassword } from '../../modules/users/password.ts';

/**
 * The inventory the embedded default starts with (decision 154): exits and ISP blocks on
 * 127.0.0.0/8, so every demo purchase carries traffic on this machine at once.
 */
export const DEMO_INVENTORY_FILE = fileURLToPath(new URL('demo-inventory.json', import.meta.url));

/** Printed on start with the embedded database; never created against DATABASE_URL. */
export const DEMO_USER = {
  email: 'demo@proxy.local',
  password: 'demo-password-1',
  name: 'Demo',
} as const;

/** Idempotent: a second start finds the row and changes nothing. */
export const seedDemoUser = async (db: DbRoot, dataKey: Buffer) => {
  const existing = await db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(email)`, '=', DEMO_USER.email)
    .executeTakeFirst();
  if (existing) return;
  await db
    .insertInto('users')
    .values({
      name: DEMO_USER.name,
      email: DEMO_USER.email,
      password_hash: await hashPassword(DEMO_USER.password),
      ref_link: generateCode(10),
      ...apiKeyColumns(dataKey),
      email_verified_at: sql<Date>`now()`,
    })
    .onConflict((conflict) => conflict.expression(sql`lower(email)`).doNothing())
    .execute();
};
