import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { invalidEnvironment, parseEnvironment } from './environment.ts';

const schema = z.object({
  PORT: z.coerce.number().int().min(1).default(3000),
  URL: z.string().url().optional(),
});

describe('parseEnvironment', () => {
  it('reads an empty variable as unset, so its default applies', () => {
    expect(parseEnvironment(schema, { PORT: '', URL: '' })).toEqual({ PORT: 3000 });
    expect(parseEnvironment(schema, { PORT: '8080' })).toEqual({ PORT: 8080 });
  });

  it('names every variable that is off in one error', () => {
    expect(() => parseEnvironment(schema, { PORT: '0', URL: 'not a url' })).toThrow(
      /^Invalid environment:\n {2}PORT: .+\n {2}URL: .+$/,
    );
  });

  it('words a problem found after parsing the same way', () => {
    expect(invalidEnvironment(['A: required', 'B: too short']).message).toBe(
      'Invalid environment:\n  A: required\n  B: too short',
    );
  });
});
