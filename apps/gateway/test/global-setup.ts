import net from 'node:net';
import type { TestProject } from 'vitest/node';
// The db package's setup: a fresh migrated database per run; importing it also brings its
// `inject('databaseUrl')` typing into this project.
import setupDatabase from '../../../packages/db/test/global-setup.ts';

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  export interface ProvidedContext {
    /** host:port that accepts every connection: the exit checks' target in tests. */
    exitCheckTarget: string;
  }
}

/**
 * The database, and a local target for exit health checks: a test gateway's upstream exits
 * are checked against it, never against the internet.
 */
export default async function setup(project: TestProject) {
  const dropDatabase = await setupDatabase(project);
  const target = net.createServer((socket) => {
    socket.on('error', () => undefined);
    socket.end();
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  project.provide('exitCheckTarget', `127.0.0.1:${(target.address() as net.AddressInfo).port}`);
  return async () => {
    await new Promise((resolve) => target.close(resolve));
    await dropDatabase();
  };
}
