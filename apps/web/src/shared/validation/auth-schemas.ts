// Loaded on demand by the public auth forms: keeps zod out of the first /login load.
export {
  emailOnlySchema,
  loginSchema,
  loginTwoFactorSchema,
  registerSchema,
  resetPasswordFormSchema,
} from '@proxy/contract';
