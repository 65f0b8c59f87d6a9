// Loaded on demand by the public auth forms: keeps zod out of the first /login load.
export {
  emailOnlySchema,
  loginSchema,
  registerSchema,
  resetPasswordFormSchema,
} from '@proxy/contract';
