import type { OpenApiDocument } from '@proxy/contract';

/** One operation of the document, as the examples need it. */
export type DocumentedOperation = {
  id: string;
  method: string;
  /** `/api/packages/{id}`: path parameters stay as placeholders to fill in. */
  path: string;
  summary: string;
  /** A sample JSON body built from the request schema, or null when the operation takes none. */
  body: unknown;
  /** Query parameters the operation requires, with sample values. */
  query: [string, string][];
};

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  default?: unknown;
};
type Parameter = { in?: string; name?: string; required?: boolean; schema?: JsonSchema };
type Operation = {
  operationId?: string;
  summary?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

const typeOf = (schema: JsonSchema) =>
  Array.isArray(schema.type) ? schema.type.find((type) => type !== 'null') : schema.type;

/** A value that fits `schema`: its default, first enum value, or the smallest of its type. */
export const sampleOf = (schema: JsonSchema | undefined, depth = 0): unknown => {
  if (!schema || depth > 6) return null;
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const variant = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (variant) return sampleOf(variant, depth + 1);
  switch (typeOf(schema)) {
    case 'object':
      return Object.fromEntries(
        (schema.required ?? []).map((name) => [
          name,
          sampleOf(schema.properties?.[name], depth + 1),
        ]),
      );
    case 'array':
      return [sampleOf(schema.items, depth + 1)];
    case 'integer':
    case 'number':
      return schema.minimum ?? (schema.exclusiveMinimum ?? 0) + 1;
    case 'boolean':
      return true;
    case 'string':
      return 'x'.repeat(Math.max(1, schema.minLength ?? 0));
    default:
      return null;
  }
};

/** The document's operations in its order (the order of the contract's definitions). */
export const documentedOperations = (document: OpenApiDocument): DocumentedOperation[] =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method] !== undefined).map((method) => {
      const operation = item[method] as Operation;
      const schema = operation.requestBody?.content?.['application/json']?.schema;
      return {
        id: operation.operationId ?? `${method} ${path}`,
        method: method.toUpperCase(),
        path,
        summary: operation.summary ?? '',
        body: schema ? sampleOf(schema) : null,
        query: (operation.parameters ?? [])
          .filter((parameter) => parameter.in === 'query' && parameter.required && parameter.name)
          .map((parameter): [string, string] => [
            parameter.name ?? '',
            String(sampleOf(parameter.schema)),
          ]),
      };
    }),
  );

const urlOf = (origin: string, operation: DocumentedOperation) => {
  const query = new URLSearchParams(operation.query).toString();
  return `${origin}${operation.path}${query ? `?${query}` : ''}`;
};

/** Single quotes for a POSIX shell: 'it'\''s'. */
const shellQuote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

/** A curl command calling `operation` with the key. */
export const curlExample = (origin: string, operation: DocumentedOperation, apiKey: string) =>
  [
    `curl -X ${operation.method} ${shellQuote(urlOf(origin, operation))}`,
    `  -H ${shellQuote(`X-Api-Key: ${apiKey}`)}`,
    ...(operation.body === null
      ? []
      : [
          `  -H 'Content-Type: application/json'`,
          `  -d ${shellQuote(JSON.stringify(operation.body))}`,
        ]),
  ].join(' \\\n');

/** The same call with Node's fetch (Node 18 and later, as an ES module). */
export const nodeExample = (origin: string, operation: DocumentedOperation, apiKey: string) => {
  const headers = [
    `    'X-Api-Key': ${JSON.stringify(apiKey)},`,
    ...(operation.body === null ? [] : [`    'Content-Type': 'application/json',`]),
  ];
  const body =
    operation.body === null
      ? []
      : [
          `  body: JSON.stringify(${JSON.stringify(operation.body, null, 2).replaceAll('\n', '\n  ')}),`,
        ];
  return [
    `const response = await fetch(${JSON.stringify(urlOf(origin, operation))}, {`,
    `  method: '${operation.method}',`,
    '  headers: {',
    ...headers,
    '  },',
    ...body,
    '});',
    "const isJson = response.headers.get('content-type')?.includes('json');",
    'console.log(response.status, isJson ? await response.json() : await response.text());',
  ].join('\n');
};
