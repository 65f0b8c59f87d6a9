// Loaded on demand by the profile forms: keeps zod out of the profile page's first load.
export {
  profileBillingFormSchema,
  profileInfoFormSchema,
  profilePasswordFormSchema,
  twoFactorCodeSchema,
  twoFactorDisableSchema,
} from '@proxy/contract';
