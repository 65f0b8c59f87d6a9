import { createRequire } from 'node:module';

type ValidateFunction = ((data: unknown) => boolean) & { errors?: unknown[] | null };
type Ajv = { compile: (schema: object) => ValidateFunction };
type AjvOptions = { strict?: boolean; allErrors?: boolean };
type AjvClass = new (options: AjvOptions) => Ajv;
type AddFormats = (ajv: Ajv) => Ajv;

/**
 * Ajv 8 for JSON Schema 2020-12 (the dialect of OpenAPI 3.1), the copy Fastify itself uses:
 * it is installed under @fastify/ajv-compiler (the top-level `ajv` is ESLint's Ajv 6, which
 * knows no 2020-12), so it is required from there rather than added as a dependency.
 */
const requireFromFastify = createRequire(
  createRequire(import.meta.url).resolve('@fastify/ajv-compiler'),
);
const Ajv2020 = (requireFromFastify('ajv/dist/2020') as { default: AjvClass }).default;
const addFormats = (createRequire(import.meta.url)('ajv-formats') as { default: AddFormats })
  .default;

/** A validator of JSON Schema 2020-12 with the standard formats (date-time, email, uuid...). */
export const createJsonSchemaValidator = () => {
  const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
  return (schema: object, data: unknown): unknown[] => {
    const validate = ajv.compile(schema);
    return validate(data) ? [] : (validate.errors ?? ['invalid']);
  };
};
