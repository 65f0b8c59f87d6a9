import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CONTRACT_FILE,
  ENDPOINTS_FILE,
  markPureConstants,
  stripEndpointSchemas,
} from './strip-endpoint-schemas';

const contractDir = path.resolve(import.meta.dirname, '../../../packages/contract/src');

describe('stripEndpointSchemas', () => {
  it('keeps method, path and rawBody of each endpoint and drops summary, request, response', () => {
    const code = `import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint.ts';
import { loginSchema, authResponseSchema } from './auth.schemas.ts';
export const authEndpoints = {
  login: defineEndpoint('POST /userlogin', { summary: 'Sign in',
    body: loginSchema, response: authResponseSchema }),
  hook: defineEndpoint('POST /hook', { summary: 'x', response: { kind: 'no-content' }, rawBody: true }),
};`;
    const result = stripEndpointSchemas(code, 'auth.endpoints.ts') ?? '';
    expect(result).toContain(`login: { method: "POST", path: "/userlogin" },`);
    expect(result).toContain(`hook: { method: "POST", path: "/hook", rawBody: true },`);
    expect(result).not.toMatch(/body:|response:|summary|defineEndpoint\(/);
  });

  it('refuses an endpoint it cannot read (no silent half-stripped definition)', () => {
    const refusals: [string, RegExp][] = [
      [`defineEndpoint(route, { summary: 'x' })`, /route literal/],
      [`defineEndpoint('/x', { summary: 'x' })`, /route literal/],
      [`defineEndpoint('FETCH /x', { summary: 'x' })`, /route literal/],
      [`defineEndpoint('GET /x', options)`, /object literal/],
      [`defineEndpoint('GET /x', { ...common, summary: 'x' })`, /not a spread/],
    ];
    for (const [call, error] of refusals)
      expect(() => stripEndpointSchemas(`const e = ${call};`, 'x.endpoints.ts')).toThrow(error);
  });

  it('rewrites every endpoint of the real contract files', () => {
    const files = readdirSync(contractDir, { recursive: true, encoding: 'utf8' }).filter((file) =>
      file.endsWith('.endpoints.ts'),
    );
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const code = readFileSync(path.join(contractDir, file), 'utf8');
      const result = stripEndpointSchemas(code, file) ?? '';
      expect(result).not.toContain('defineEndpoint(');
      expect(result).not.toMatch(/\b(response|summary|params|query|body|headers):/);
    }
  });
});

describe('markPureConstants', () => {
  it('wraps top-level const initializers that call something in a pure arrow call', () => {
    const code = `export const a = z.object({ id: z.number() });
const b = textField().optional().catch(undefined);
export const list = <T,>(row: T) => z.array(row);
export const KEYS = ['x', 'y'] as const;
let c = f();
function g() { const d = h(); return d; }`;
    const result = markPureConstants(code, 'x.ts') ?? '';
    expect(result).toContain(
      'export const a = /* @__PURE__ */ (() => (z.object({ id: z.number() })))();',
    );
    expect(result).toContain(
      'const b = /* @__PURE__ */ (() => (textField().optional().catch(undefined)))();',
    );
    // Functions, literals, `let` and inner constants are left as they are.
    expect(result).toContain('export const list = <T,>(row: T) => z.array(row);');
    expect(result).toContain(`export const KEYS = ['x', 'y'] as const;`);
    expect(result).toContain('let c = f();');
    expect(result).toContain('const d = h();');
    expect(markPureConstants(`export const A = 1;`, 'x.ts')).toBeNull();
  });
});

describe('file patterns', () => {
  it('matches contract sources, not their tests, and endpoints files', () => {
    expect(CONTRACT_FILE.test('/r/packages/contract/src/auth/auth.schemas.ts')).toBe(true);
    expect(CONTRACT_FILE.test('/r/packages/contract/src/auth/auth.schemas.test.ts')).toBe(false);
    expect(CONTRACT_FILE.test('/r/apps/web/src/shared/api/http-client.ts')).toBe(false);
    expect(ENDPOINTS_FILE.test('/r/packages/contract/src/auth/auth.endpoints.ts')).toBe(true);
    expect(ENDPOINTS_FILE.test('/r/packages/contract/src/auth/auth.schemas.ts')).toBe(false);
  });
});
