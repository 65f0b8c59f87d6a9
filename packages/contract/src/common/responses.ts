import { z } from 'zod';

/**
 * The answer of an action the cabinet confirms with a message (buy, extend, change a package):
 * `success` false carries a message to show as information (the spec's restore refusal).
 * Each action's answer extends it with what it adds.
 */
export const actionResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
});
export type ActionResponse = z.infer<typeof actionResponseSchema>;
