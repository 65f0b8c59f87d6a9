import type { z } from 'zod';

/**
 * Parses environment variables with `schema` for the API and the gateway (each passes its own
 * `process.env` with overrides). An empty variable means "unset": `DATABASE_URL= npm start` must
 * not be a URL. Throws one error naming every variable that is off.
 */
export const parseEnvironment = <Schema extends z.ZodType>(
  schema: Schema,
  source: Record<string, string | undefined>,
): z.output<Schema> => {
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = schema.safeParse(present);
  if (!parsed.success)
    throw invalidEnvironment(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  return parsed.data;
};

/** The error of an environment that is off, one line a problem ("NAME: what is wrong"). */
export const invalidEnvironment = (problems: string[]): Error =>
  new Error(`Invalid environment:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
