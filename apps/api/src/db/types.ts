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

export type PaymentsTable = {
  id: Generated<string>;
  user_id: number;
  provider: string;
  provider_payment_id: string | null;
  merchant_id: number;
  system_name: string;
  type: number;
  payment_system: number | null;
  network: string | null;
  amount_cents: number;
  currency: Generated<string>;
  status: Generated<number>;
  checkout_url: string | null;
  language: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  credited_at: NullableTimestamp;
};

export type PaymentWebhookDeliveriesTable = {
  id: Generated<number>;
  provider: string;
  provider_payment_id: string | null;
  payment_id: string | null;
  provider_status: number | null;
  outcome: string;
  body: string;
  created_at: Timestamp;
};

export type ReferralRewardsTable = {
  id: Generated<number>;
  payment_id: string;
  inviter_id: number;
  referral_id: number;
  percent: number;
  amount_cents: number;
  created_at: Timestamp;
};

export type WithdrawalsTable = {
  id: Generated<number>;
  user_id: number;
  amount_cents: number;
  address: string;
  status: Generated<'waiting' | 'completed' | 'rejected'>;
  txid: string | null;
  reason: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  processed_at: NullableTimestamp;
};

/** Issue 3 (account side): notification channels, FAQ, system alerts. */
export type NotificationSettingsTable = {
  user_id: number;
  type: string;
  mail: boolean;
  database: boolean;
  telegram: boolean;
  updated_at: Timestamp;
};

export type FaqCategoriesTable = {
  id: Generated<number>;
  key: string;
  position: number;
  title_en: string;
  title_ru: string;
  updated_at: Timestamp;
};

export type FaqItemsTable = {
  id: Generated<number>;
  category_id: number;
  parent_id: number | null;
  key: string;
  position: number;
  title_en: string;
  title_ru: string;
  content_en: string;
  content_ru: string;
  updated_at: Timestamp;
};

export type SystemAlertType = 'info' | 'warning' | 'error' | 'success';

export type SystemAlertsTable = {
  id: Generated<number>;
  description_en: string;
  description_ru: string;
  is_active: Generated<boolean>;
  type: ColumnType<SystemAlertType, SystemAlertType | undefined, SystemAlertType>;
  created_at: Timestamp;
};

/* ---- catalogue, promo codes, packages (issue 5, migration 0005) ---- */
export type IspCountriesTable = {
  id: Generated<number>;
  key: string;
  label: string;
  iso2: string;
  capacity: number;
  allocated: Generated<number>;
  ip_pool: ColumnType<string[], string, string>;
  is_active: Generated<boolean>;
  sort: Generated<number>;
  updated_at: Timestamp;
};

export type UnlimLocationsTable = {
  id: Generated<number>;
  key: string;
  name: string;
  iso2: string;
  is_available: Generated<boolean>;
  is_active: Generated<boolean>;
  servers_available: Generated<number>;
  speed_min: string;
  speed_max: string;
  speed_available: string;
  sort: Generated<number>;
  updated_at: Timestamp;
};

export type TariffsTable = {
  id: Generated<number>;
  key: string;
  family: 'dynamic' | 'premium' | 'isp' | 'unlim';
  title: string;
  price_cents: number;
  traffic_gb: number | null;
  duration_days: number | null;
  speed_limit_mbps: number | null;
  ports: number | null;
  country_id: number | null;
  is_active: Generated<boolean>;
  sort: Generated<number>;
  updated_at: Timestamp;
};

export type PromoCodesTable = {
  id: Generated<number>;
  code: string;
  percent: number | null;
  per_gb_cents: number | null;
  valid_from: NullableTimestamp;
  valid_to: NullableTimestamp;
  max_uses: number | null;
  max_uses_per_user: number | null;
  uses: Generated<number>;
  families: string[] | null;
  tariff_ids: number[] | null;
  periods: number[] | null;
  created_at: Timestamp;
};

export type PromoUsagesTable = {
  id: Generated<number>;
  promo_id: number;
  user_id: number;
  package_id: number | null;
  created_at: Timestamp;
};

export type PackagesTable = {
  id: Generated<number>;
  user_id: number;
  type: 'isp' | 'dynamic' | 'vip' | 'unlim';
  tariff_id: number | null;
  tariff: ColumnType<Record<string, unknown>, string, string>;
  price_cents: number;
  promo_code: string | null;
  status: Generated<string>;
  traffic_limit_bytes: number | null;
  traffic_used_bytes: Generated<number>;
  expires_at: NullableTimestamp;
  auto_update: Generated<boolean>;
  package_key: string;
  login: string;
  password: string;
  port_http: Generated<number>;
  port_socks: Generated<number>;
  country: string | null;
  country_id: number | null;
  period_days: number | null;
  ips: ColumnType<string[], string | undefined, string>;
  auth_ip: string | null;
  socks: Generated<boolean>;
  location: string | null;
  location_id: number | null;
  speed_limit: number | null;
  activated_at: NullableTimestamp;
  created_at: Timestamp;
};

export type PurchaseIdempotencyKeysTable = {
  user_id: number;
  key: string;
  response: ColumnType<unknown, string | null | undefined, string | null>;
  status_code: number | null;
  created_at: Timestamp;
};

export type Database = {
  users: UsersTable;
  access_tokens: AccessTokensTable;
  password_reset_tokens: PasswordResetTokensTable;
  notifications: NotificationsTable;
  notification_settings: NotificationSettingsTable;
  faq_categories: FaqCategoriesTable;
  faq_items: FaqItemsTable;
  system_alerts: SystemAlertsTable;
  ledger_entries: LedgerEntriesTable;
  isp_countries: IspCountriesTable;
  unlim_locations: UnlimLocationsTable;
  tariffs: TariffsTable;
  promo_codes: PromoCodesTable;
  promo_usages: PromoUsagesTable;
  packages: PackagesTable;
  purchase_idempotency_keys: PurchaseIdempotencyKeysTable;
  payments: PaymentsTable;
  payment_webhook_deliveries: PaymentWebhookDeliveriesTable;
  referral_rewards: ReferralRewardsTable;
  withdrawals: WithdrawalsTable;
};

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type Notification = Selectable<NotificationsTable>;

/** A repository function accepts the pool-backed db or an open transaction. */
export type Db = Kysely<Database> | Transaction<Database>;
export type DbRoot = Kysely<Database>;
