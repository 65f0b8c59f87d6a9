/**
 * Hand-written shapes of jsonb payloads. PostgreSQL cannot say what a jsonb column holds, so
 * scripts/db-types.ts maps each jsonb column to one of these (or a plain TypeScript type) and
 * the generated types.ts imports them. Everything else in types.ts comes from the schema.
 */

/** One line of a notification: an i18n label key and its value. */
export type NotificationLine = { label: string; value: string };
