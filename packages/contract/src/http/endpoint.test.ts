import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiErrorSchema } from '../common/errors.ts';
import { allEndpoints } from './api-endpoints.ts';
import { endpointPath, isJsonResponse } from './endpoint.ts';
import { notificationsEndpoints } from '../notifications/notifications.endpoints.ts';
import { catalogueEndpoints } from '../catalogue/catalogue.endpoints.ts';
import { packagesEndpoints } from '../packages/packages.endpoints.ts';
import { VALIDATION_KEYS } from '../common/validation.ts';

type Def = Record<string, unknown> & { type: string };
const defOf = (node: unknown): Def | null =>
  typeof node === 'object' && node !== null && '_zod' in node
    ? (node as { _zod: { def: Def } })._zod.def
    : null;

/**
 * Every string schema a request part reaches (through objects, optionals, unions, records,
 * arrays and pipes), with where it sits. A pipe's output schema is reached only when its input
 * is not itself a string schema (an e-mail format after a checked string is not a new input).
 */
const stringSchemasOf = (node: unknown, where: string): { where: string; schema: z.ZodType }[] => {
  const def = defOf(node);
  if (!def) return [];
  const inner = (key: string, suffix = '') => stringSchemasOf(def[key], `${where}${suffix}`);
  switch (def.type) {
    case 'string':
      return [{ where, schema: node as z.ZodType }];
    case 'object':
      return Object.entries(def.shape as Record<string, unknown>).flatMap(([name, field]) =>
        stringSchemasOf(field, `${where}.${name}`),
      );
    case 'pipe':
      return defOf(def.in)?.type === 'string' ? inner('in') : [...inner('in'), ...inner('out')];
    case 'union':
      return (def.options as unknown[]).flatMap((option) => stringSchemasOf(option, where));
    case 'record':
      return [...inner('keyType', '{key}'), ...inner('valueType', '{value}')];
    case 'array':
      return inner('element', '[]');
    default:
      return ['innerType', 'schema'].flatMap((key) => inner(key));
  }
};

describe('endpoint definitions', () => {
  it('one definition per method and path', () => {
    const keys = allEndpoints().map((e) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('fills path parameters, encoded, and refuses a missing one', () => {
    expect(endpointPath(notificationsEndpoints.read, { id: 'a/b' })).toBe(
      '/profile/notifications/a%2Fb/read',
    );
    expect(endpointPath(catalogueEndpoints.checkCoupon, { tariffId: 3, code: 'X Y' })).toBe(
      '/tariff/3/check-coupon/X%20Y',
    );
    expect(() => endpointPath(packagesEndpoints.getPackage)).toThrow('missing path parameter id');
  });

  it('tells JSON answers from pages and redirects', () => {
    const kinds = allEndpoints().filter((e) => !isJsonResponse(e.response));
    expect(kinds.map((e) => `${e.method} ${e.path}`).sort()).toEqual([
      'DELETE /packages/:id/sub-users/:subUserId',
      'GET /email/verify/confirm',
      'GET /export/proxy-list/:fileType/:packageKey/:id/:name',
      'GET /export/proxy-list/isp/:format/:type/:id',
      'GET /export/proxy-lists',
      'GET /export/statistics/:packageKey/:period/:format',
      'GET /google/callback',
      'GET /google/redirect',
      'GET /payment/sandbox/:id',
      'GET /profile/receipts/:id',
      'POST /csp-report',
      'POST /payment/sandbox/:id/:action',
    ]);
  });

  it('every request part and JSON response converts to JSON Schema (for the OpenAPI document)', () => {
    for (const endpoint of allEndpoints()) {
      for (const part of Object.values(endpoint.request))
        expect(() => z.toJSONSchema(part, { io: 'input' })).not.toThrow();
      if (isJsonResponse(endpoint.response))
        expect(() =>
          z.toJSONSchema(endpoint.response as z.ZodType, { io: 'output' }),
        ).not.toThrow();
    }
  });

  it('every string a request carries is a textField: a NUL is a control_characters error', () => {
    const unchecked = allEndpoints().flatMap((endpoint) =>
      Object.entries(endpoint.request).flatMap(([part, schema]) =>
        stringSchemasOf(schema, `${endpoint.method} ${endpoint.path} ${part}`)
          .filter(
            ({ schema: text }) =>
              !(text.safeParse('ok\u0000').error?.issues ?? []).some(
                (issue) => issue.message === VALIDATION_KEYS.controlCharacters,
              ),
          )
          .map(({ where }) => where),
      ),
    );
    expect(unchecked).toEqual([]);
    // The walk does see the strings (a broken walk would pass vacuously).
    const seen = allEndpoints().flatMap((endpoint) =>
      Object.values(endpoint.request).flatMap((schema) => stringSchemasOf(schema, '')),
    );
    expect(seen.length).toBeGreaterThan(25);
  });

  it('the error shape: success false, a message, a known code, optional field errors', () => {
    expect(
      apiErrorSchema.safeParse({
        success: false,
        message: 'm',
        code: 'VALIDATION_FAILED',
        errors: { email: ['x'] },
      }).success,
    ).toBe(true);
    expect(apiErrorSchema.safeParse({ success: false, message: 'm', code: 'NOPE' }).success).toBe(
      false,
    );
  });
});
