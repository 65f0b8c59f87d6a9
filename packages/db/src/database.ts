import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { DB, Notifications, Packages, Users } from './types.ts';

/**
 * Names the apps use for the generated schema types (types.ts, `npm run db:types`). Only
 * aliases live here: a column's type is whatever the migrations make it.
 */
export type Database = DB;

export type UsersTable = Users;
export type PackagesTable = Packages;
export type NotificationsTable = Notifications;

export type User = Selectable<Users>;
export type NewUser = Insertable<Users>;
export type Notification = Selectable<Notifications>;

export type LedgerAccount = Selectable<DB['ledger_entries']>['account'];
export type SystemAlertType = Selectable<DB['system_alerts']>['type'];

/** A repository function accepts the pool-backed db or an open transaction. */
export type Db = Kysely<Database> | Transaction<Database>;
export type DbRoot = Kysely<Database>;
