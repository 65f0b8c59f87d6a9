import type { ColumnType, Generated, Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { Language } from '@proxy/contract';

/** Hand-written table types; they mirror src/db/migrations/*.sql. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;

export type UsersTable = {
  id: Generated<number>;
  name: string;
  email: string;
  password_hash: string | null;
  role: Generated<number>;
  status: Generated<number>;
  telegram: string | null;
  invited_by: number | null;
  ref_link: string;
  api_key: string;
  email_verified_at: NullableTimestamp;
  locale: ColumnType<Language, Language | undefined, Language>;
  balance_cents: Generated<number>;
  referral_balance_cents: Generated<number>;
  referral_reward: Generated<number>;
  is_show_notification: Generated<boolean>;
  is_restricted: Generated<boolean>;
  telegram_user: string | null;
  google_sub: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type AccessTokensTable = {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  created_at: Timestamp;
  last_used_at: NullableTimestamp;
};

export type PasswordResetTokensTable = {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
};

export type NotificationLine = { label: string; value: string };

export type NotificationsTable = {
  id: Generated<string>;
  user_id: number;
  type: string;
  data: ColumnType<NotificationLine[], string, string>;
  created_at: Timestamp;
  read_at: NullableTimestamp;
};

export type LedgerAccount = 'main' | 'referral';

export type LedgerEntriesTable = {
  id: Generated<number>;
  user_id: number;
  account: LedgerAccount;
  type: string;
  amount_cents: number;
  balance_after_cents: number;
  ref_type: string | null;
  ref_id: string | null;
  comment: string | null;
  created_at: Timestamp;
};

export type Database = {
  users: UsersTable;
  access_tokens: AccessTokensTable;
  password_reset_tokens: PasswordResetTokensTable;
  notifications: NotificationsTable;
  ledger_entries: LedgerEntriesTable;
};

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type Notification = Selectable<NotificationsTable>;

/** A repository function accepts the pool-backed db or an open transaction. */
export type Db = Kysely<Database> | Transaction<Database>;
export type DbRoot = Kysely<Database>;
