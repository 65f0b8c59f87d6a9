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

/** The answer that carries one thing in `data` (a package panel, a usage series). */
export const dataResponseSchema = <T extends z.ZodType>(content: T) => z.object({ data: content });

/** The answer that carries a whole list in `data` (no paging: see `pagedResponseSchema`). */
export const listResponseSchema = <T extends z.ZodType>(row: T) => dataResponseSchema(z.array(row));
