// The database seam shared by the API and the gateway: no Fastify, no app configuration.
export * from './column-types.ts';
export * from './connect.ts';
export * from './data-key.ts';
export * from './database.ts';
export * from './embedded.ts';
export * from './migrate.ts';
export * from './paging.ts';
export * from './proxy-list-columns.ts';
export * from './resolve-database.ts';
export * from './scratch-database.ts';
export * from './secret-box.ts';
export * from './types.ts';
export * from './prepared-statements.ts';
export * from './shutdown.ts';
export * from './unavailable.ts';
