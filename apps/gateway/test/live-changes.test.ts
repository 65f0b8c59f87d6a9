import { randomBytes } from 'node:crypto';
import type net from 'node:net';
import { sql, type Updateable } from 'kysely';
import { describe, expect, it } from 'vitest';
import { sealSecret, SECRET_PURPOSES, type Packages } from '@proxy/db';
import { listenApplicationName } from '../src/sync.ts';
import {
  addPackage,
  socksTunnel,
  TEST_DATA_KEY,
  useGatewayAndOrigin,
  waitFor,
  type Origin,
  type TestGateway,
  type TestPackage,
} from './helpers.ts';

/** An open SOCKS tunnel to the origin (kept open: the origin holds keep-alive connections). */
const openTunnel = (gateway: TestGateway, pkg: TestPackage, origin: Origin) =>
  socksTunnel(gateway, pkg, { host: '127.0.0.1', port: origin.port });

const closedWithin = (socket: net.Socket) =>
  new Promise<number>((resolve) => {
    const started = Date.now();
    if (socket.destroyed) resolve(0);
    socket.on('error', () => undefined);
    socket.once('close', () => resolve(Date.now() - started));
  });

const canConnect = (gateway: TestGateway, pkg: TestPackage, origin: Origin) =>
  openTunnel(gateway, pkg, origin).then(
    (socket) => {
      socket.destroy();
      return true;
    },
    () => false,
  );

describe('live changes reach open connections', () => {
  const instanceId = `live-${randomBytes(4).toString('hex')}`;
  const fixture = useGatewayAndOrigin({
    GATEWAY_INSTANCE_ID: instanceId,
    GATEWAY_HEARTBEAT_MS: '300',
    GATEWAY_POLL_INTERVAL_MS: '300',
  });

  /** A new package with a tunnel open, and how long until that tunnel closes. */
  const packageWithTunnel = async (values?: Parameters<typeof addPackage>[1]) => {
    const pkg = await addPackage(fixture.gateway, values);
    return { pkg, closed: closedWithin(await openTunnel(fixture.gateway, pkg, fixture.origin)) };
  };

  const updatePackage = (id: number, values: Updateable<Packages>) =>
    fixture.gateway.database.db.updateTable('packages').set(values).where('id', '=', id).execute();

  it('a deactivated package loses its open tunnels within 2 s and new ones are refused', async () => {
    const { pkg, closed } = await packageWithTunnel();
    await updatePackage(pkg.id, { status: 'inactive' });
    expect(await closed).toBeLessThan(2_000);
    expect(await canConnect(fixture.gateway, pkg, fixture.origin)).toBe(false);
  });

  it('a password change closes open tunnels; the new password works, the old does not', async () => {
    const { pkg, closed } = await packageWithTunnel();
    const password = 'NewPassword123456';
    await updatePackage(pkg.id, {
      password_encrypted: sealSecret(TEST_DATA_KEY, password, SECRET_PURPOSES.packagePassword),
    });
    expect(await closed).toBeLessThan(2_000);
    expect(await canConnect(fixture.gateway, pkg, fixture.origin)).toBe(false);
    expect(await canConnect(fixture.gateway, { ...pkg, password }, fixture.origin)).toBe(true);
  });

  it('an expiring package loses its open tunnels within 2 s of its expiry', async () => {
    const expiresAt = Date.now() + 1_500;
    const { pkg, closed } = await packageWithTunnel({ expires_at: new Date(expiresAt) });
    await closed;
    // Not before the expiry, and within 2 s after it (nothing in the database changed).
    expect(Date.now()).toBeGreaterThanOrEqual(expiresAt);
    expect(Date.now() - expiresAt).toBeLessThan(2_000);
    expect(await canConnect(fixture.gateway, pkg, fixture.origin)).toBe(false);
  });

  it('a change made while LISTEN is down arrives by the full re-read after reconnecting', async () => {
    const { pkg, closed } = await packageWithTunnel();
    // Kill the fixture.gateway's LISTEN connection, then change the package: no notification reaches it.
    await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
              WHERE application_name = ${listenApplicationName(instanceId)}`.execute(
      fixture.gateway.database.db,
    );
    await updatePackage(pkg.id, { status: 'deactivate' });
    expect(await closed).toBeLessThan(2_000);
    expect(fixture.gateway.cache.byId(pkg.id)).toBeUndefined();
    // Listening again: the next change arrives by notification.
    await addPackage(fixture.gateway);
    await waitFor(async () => {
      const rows = await sql<{ count: number }>`SELECT count(*)::int AS count FROM pg_stat_activity
        WHERE application_name = ${listenApplicationName(instanceId)}`.execute(
        fixture.gateway.database.db,
      );
      return rows.rows[0]?.count === 1;
    });
  });

  it('a deleted package is forgotten', async () => {
    const pkg = await addPackage(fixture.gateway);
    await fixture.gateway.database.db.deleteFrom('packages').where('id', '=', pkg.id).execute();
    await waitFor(() => fixture.gateway.cache.byId(pkg.id) === undefined);
  });
});
