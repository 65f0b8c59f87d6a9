/**
 * Browser journeys' stand-in for the gateway's usage flush: books bytes to a package's hour, as
 * apps/gateway's flusher does, against the running e2e server's database (attached like the
 * operator CLI). `node apps/api/test/meter-usage.cli.ts <package_key> <hours ago>
 * <bytes up> <bytes down>`.
 */
import { createDatabase, resolveDatabase } from '@proxy/db';
import { loadConfig } from '../src/config/env.ts';
import { hourAgo, meterHour } from './usage.ts';

const [packageKey, hoursAgo, up, down] = process.argv.slice(2);
if (!packageKey || hoursAgo === undefined || up === undefined || down === undefined)
  throw new Error('usage: meter-usage.cli.ts <package_key> <hours ago> <bytes up> <bytes down>');
const source = await resolveDatabase(loadConfig(), { attachIfRunning: true });
const database = createDatabase(source.url, 1);
try {
  const pkg = await database.db
    .selectFrom('packages')
    .select('id')
    .where('package_key', '=', packageKey)
    .executeTakeFirstOrThrow();
  await meterHour(database.db, pkg.id, hourAgo(Number(hoursAgo)), Number(up), Number(down));
} finally {
  await database.close();
  if (source.embedded && !source.embedded.attached) await source.embedded.stop();
}
