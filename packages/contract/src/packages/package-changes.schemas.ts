import { z } from 'zod';
import { dollarsField } from '../common/money.ts';
import { VALIDATION_KEYS, textField } from '../common/validation.ts';
import { actionResponseSchema } from '../common/responses.ts';

/**
 * Package changes: delete, ISP swap, restore, upgrade and the unlimited speed
 * upgrade. Field-error messages are bare keys of `base` `validation.` (the API translates them;
 * the web maps `email_match` to packages:modals.delete_package.errors.email_match).
 */
export const PACKAGE_CHANGE_ERROR_KEYS = {
  emailMatch: 'email_match',
  upgradeTariff: 'upgrade_tariff_invalid',
} as const;

const tariffId = z.coerce
  .number({ error: VALIDATION_KEYS.required })
  .int(VALIDATION_KEYS.invalidType)
  .positive(VALIDATION_KEYS.invalidType)
  .max(2_147_483_647, VALIDATION_KEYS.invalidType);

/**
 * The typed e-mail must be the account's own: compared trimmed and case-insensitively (e-mails
 * are stored lower-cased). The web form checks it against the profile, the API against the
 * account, with the same function.
 */
export const emailMatchesAccount = (typed: string, accountEmail: string): boolean =>
  typed.trim().toLowerCase() === accountEmail.trim().toLowerCase();

/** DELETE /packages/:id and DELETE /unlim/packages/:packageID: the e-mail the user typed. */
export const deletePackageSchema = z.object({
  email: textField({ error: VALIDATION_KEYS.required, trim: true })
    .min(1, VALIDATION_KEYS.required)
    .max(255, VALIDATION_KEYS.tooLong),
});
export type DeletePackageInput = z.input<typeof deletePackageSchema>;

/** The delete modal's form: the same rule as the server, against the profile's e-mail. */
export const deletePackageFormSchema = (accountEmail: string) =>
  deletePackageSchema.refine((value) => emailMatchesAccount(value.email, accountEmail), {
    message: PACKAGE_CHANGE_ERROR_KEYS.emailMatch,
    path: ['email'],
  });

/** POST /packages/:id/upgrade and POST /unlim/:packageID/upgrade. */
export const upgradePackageSchema = z.object({ tariff_id: tariffId });
export type UpgradePackageInput = z.input<typeof upgradePackageSchema>;

/** What a change answers; `success` false carries a message to show as information (restore). */
export const packageChangeResponseSchema = actionResponseSchema;
export type PackageChangeResponse = z.infer<typeof packageChangeResponseSchema>;

/** A change that took money: the price paid, in dollars. */
export const paidChangeResponseSchema = packageChangeResponseSchema.extend({
  price: dollarsField.optional(),
  /** The package's new end of validity (restore, upgrades that start a new period). */
  expired_at: z.string().nullable().optional(),
});
export type PaidChangeResponse = z.infer<typeof paidChangeResponseSchema>;

/** POST /packages/:id/swap: the package's new addresses. */
export const ispSwapResponseSchema = packageChangeResponseSchema.extend({
  ip: z.array(z.string()),
  swaped: z.boolean(),
});
export type IspSwapResponse = z.infer<typeof ispSwapResponseSchema>;

/** GET /unlim/:packageID/upgrade: faster tariffs of the same duration; price is what paying now costs. */
export const unlimUpgradeOptionSchema = z.object({
  id: z.number(),
  speed_limit: z.number(),
  price: dollarsField,
});
export type UnlimUpgradeOption = z.infer<typeof unlimUpgradeOptionSchema>;

const DAY_MS = 86_400_000;

/**
 * What a speed upgrade of an unlimited package costs now (decision 115): the price difference of
 * the two tariffs (same duration) for the share of the period that is left, rounded up to the
 * cent. The period keeps its end; nothing is due once it has ended or for a cheaper tariff.
 */
export const unlimUpgradePriceCents = (input: {
  currentPriceCents: number;
  targetPriceCents: number;
  durationDays: number;
  expiresAtMs: number;
  nowMs: number;
}): number => {
  const periodMs = input.durationDays * DAY_MS;
  const leftMs = Math.min(periodMs, Math.max(0, input.expiresAtMs - input.nowMs));
  const difference = input.targetPriceCents - input.currentPriceCents;
  if (difference <= 0 || leftMs === 0 || periodMs <= 0) return 0;
  return Math.ceil((difference * leftMs) / periodMs);
};
