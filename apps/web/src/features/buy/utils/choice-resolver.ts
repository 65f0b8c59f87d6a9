import type { FieldValues } from 'react-hook-form';
import type { ZodType } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';

/**
 * The resolver of a plan builder: its fields start empty (`Fields`), and the contract schema
 * turns them into a complete choice (`Choice`) or field errors.
 */
export const choiceResolver = <Fields extends FieldValues, Choice>(
  schema: ZodType<Choice, Fields>,
) => zodResolver<Fields, unknown, Choice, ZodType<Choice, Fields>>(schema);
