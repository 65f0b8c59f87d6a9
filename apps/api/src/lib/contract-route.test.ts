import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allEndpoints, apiErrorSchema, defineEndpoint, isJsonResponse } from '@proxy/contract';
import { buildApp } from '../app.ts';
import { createDatabase } from '@proxy/db';
import { createTranslator } from '../i18n/translator.ts';
import { createCapturingMailer, createTestApp, testConfig } from '../../test/helpers.ts';
import { route } from './contract-route.ts';

/** Routes outside the API: the SPA and its translation files (no JSON contract). */
const NOT_API_ROUTES = new Set(['GET /', 'GET /*', 'GET /locales/:lng/:ns']);

describe('route table', () => {
  it('every route has a contract definition, and every definition a route', async () => {
    const config = testConfig();
    const database = createDatabase(config.DATABASE_URL ?? '', 1);
    const routes: string[] = [];
    /** The zod schemas each route was registered with: they must be the definition's own. */
    const schemas = new Map<string, unknown[]>();
    const app = await buildApp(
      {
        config,
        db: database.db,
        mailer: createCapturingMailer([]),
        translator: createTranslator(config.LOCALES_DIR),
      },
      {
        onRoute: ({ method, url, schema }) => {
          for (const verb of [method].flat()) {
            if (verb === 'HEAD') continue;
            routes.push(`${verb} ${url}`);
            schemas.set(`${verb} ${url}`, [
              schema?.params,
              schema?.querystring,
              schema?.body,
              (schema?.response as Record<string, unknown> | undefined)?.['2xx'],
            ]);
          }
        },
      },
    );
    try {
      await app.ready();
      const defined = new Set(allEndpoints().map((e) => `${e.method} /api${e.path}`));
      const undefinedRoutes = routes.filter(
        (entry) => !defined.has(entry) && !NOT_API_ROUTES.has(entry),
      );
      expect(undefinedRoutes).toEqual([]);
      const unrouted = [...defined].filter((entry) => !routes.includes(entry));
      expect(unrouted).toEqual([]);
      expect(routes.length).toBeGreaterThan(30);
      // Registered from the definition (route()), not merely at the same path.
      const notFromContract = allEndpoints()
        .filter((endpoint) => {
          const { params, query, body } = endpoint.request;
          const expected = [
            params,
            query,
            endpoint.rawBody ? undefined : body,
            isJsonResponse(endpoint.response) ? endpoint.response : undefined,
          ];
          const actual = schemas.get(`${endpoint.method} /api${endpoint.path}`) ?? [];
          return expected.some((part, index) => part !== actual[index]);
        })
        .map((endpoint) => `${endpoint.method} ${endpoint.path}`);
      expect(notFromContract).toEqual([]);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

const probe = defineEndpoint('GET /test/serializer-probe', {
  summary: 'test only',
  query: z.object({ mode: z.enum(['extra', 'wrong']) }),
  response: z.object({ id: z.number(), name: z.string() }),
});

describe('response serialisation', () => {
  it('drops fields the definition does not declare; a wrong type is a 500 in the error shape', async () => {
    const ctx = await createTestApp({}, (app) => {
      app.route(
        route(probe, {}, (request) => {
          const row = { id: 1, name: 'n', password_hash: 'secret', api_key: 'k' };
          if (request.query.mode === 'extra') return row;
          return { id: 'leaked-value', name: 'n' } as unknown as typeof row;
        }),
      );
    });
    try {
      const extra = await ctx.api.request('GET', '/test/serializer-probe?mode=extra');
      expect(extra.statusCode).toBe(200);
      expect(extra.json()).toEqual({ id: 1, name: 'n' });
      expect(extra.body).not.toContain('secret');

      const wrong = await ctx.api.request('GET', '/test/serializer-probe?mode=wrong');
      expect(wrong.statusCode).toBe(500);
      expect(wrong.json()).toMatchObject({ success: false, code: 'INTERNAL' });
      expect(wrong.body).not.toContain('leaked-value');

      const invalid = await ctx.api.request('GET', '/test/serializer-probe?mode=x');
      expect(invalid.statusCode).toBe(422);
      expect(invalid.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        errors: { mode: [expect.any(String)] },
      });
    } finally {
      await ctx.close();
    }
  });
});

/** Paths inside `schema` where a transform sits (`.transform()`, `z.preprocess()`). */
const transformsIn = (
  schema: z.core.$ZodType,
  path: string,
  seen = new Set<unknown>(),
): string[] => {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = schema._zod.def as unknown as Record<string, unknown>;
  if (def.type === 'transform') return [path];
  const isSchema = (value: unknown): value is z.core.$ZodType =>
    typeof value === 'object' && value !== null && '_zod' in value;
  return Object.entries(def).flatMap(([key, value]) => {
    if (isSchema(value)) return transformsIn(value, `${path}.${key}`, seen);
    if (Array.isArray(value))
      return value.flatMap((item, index) =>
        isSchema(item) ? transformsIn(item, `${path}.${key}[${index}]`, seen) : [],
      );
    if (key === 'shape' && typeof value === 'object' && value !== null)
      return Object.entries(value).flatMap(([field, item]) =>
        isSchema(item) ? transformsIn(item, `${path}.${field}`, seen) : [],
      );
    return [];
  });
};

describe('response schemas', () => {
  it('have no transform: the serializer encodes the answer with them, and a transform cannot run backwards', () => {
    const probeTransform = z.object({ at: z.string().transform((value) => new Date(value)) });
    expect(transformsIn(probeTransform, 'probe')).toHaveLength(1);
    const found = allEndpoints().flatMap((endpoint) =>
      isJsonResponse(endpoint.response)
        ? transformsIn(endpoint.response, `${endpoint.method} ${endpoint.path}`)
        : [],
    );
    found.push(...transformsIn(apiErrorSchema, 'the error shape'));
    expect(found).toEqual([]);
  });
});
