import { describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '@proxy/contract';
import { curlExample, documentedOperations, nodeExample, sampleOf } from './request-examples';

const document: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 'API', version: '1' },
  paths: {
    '/api/profile': { get: { operationId: 'profile.getProfile', summary: 'The user' } },
    '/api/packages/{id}/proxy-lists': {
      parameters: [],
      get: {
        operationId: 'proxyLists.list',
        summary: 'Lists',
        parameters: [
          { in: 'path', name: 'id', required: true, schema: { type: 'integer' } },
          { in: 'query', name: 'page', schema: { type: 'integer' } },
          { in: 'query', name: 'format', required: true, schema: { enum: ['txt', 'csv'] } },
        ],
      },
      post: {
        operationId: 'proxyLists.create',
        summary: 'Create',
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  name: { type: 'string', minLength: 3 },
                  ports: { type: 'integer', exclusiveMinimum: 0 },
                  note: { type: 'string' },
                  auth: { anyOf: [{ const: 0 }, { const: 1 }] },
                },
                required: ['name', 'ports', 'auth'],
              },
            },
          },
        },
      },
    },
  },
};

describe('request examples from the OpenAPI document', () => {
  it('lists operations in document order with sample bodies and required query values', () => {
    expect(documentedOperations(document)).toEqual([
      {
        id: 'profile.getProfile',
        method: 'GET',
        path: '/api/profile',
        summary: 'The user',
        body: null,
        query: [],
      },
      {
        id: 'proxyLists.list',
        method: 'GET',
        path: '/api/packages/{id}/proxy-lists',
        summary: 'Lists',
        body: null,
        query: [['format', 'txt']],
      },
      {
        id: 'proxyLists.create',
        method: 'POST',
        path: '/api/packages/{id}/proxy-lists',
        summary: 'Create',
        body: { name: 'xxx', ports: 1, auth: 0 },
        query: [],
      },
    ]);
  });

  it('samples fit their schema: defaults, enums, bounds, arrays, nullable types', () => {
    expect(sampleOf({ type: 'integer', minimum: 5 })).toBe(5);
    expect(sampleOf({ type: ['string', 'null'] })).toBe('x');
    expect(sampleOf({ type: 'array', items: { type: 'boolean' } })).toEqual([true]);
    expect(sampleOf({ type: 'number', default: 2.5 })).toBe(2.5);
  });

  it('curl and Node examples carry the key, the method, the URL and the JSON body', () => {
    const [get, , post] = documentedOperations(document);
    if (!get || !post) throw new Error('operations missing');
    const key = "k'ey";
    expect(curlExample('https://api.example', get, key)).toBe(
      "curl -X GET 'https://api.example/api/profile' \\\n  -H 'X-Api-Key: k'\\''ey'",
    );
    expect(curlExample('https://api.example', post, 'abc')).toBe(
      [
        "curl -X POST 'https://api.example/api/packages/{id}/proxy-lists' \\",
        "  -H 'X-Api-Key: abc' \\",
        "  -H 'Content-Type: application/json' \\",
        `  -d '{"name":"xxx","ports":1,"auth":0}'`,
      ].join('\n'),
    );
    const node = nodeExample('https://api.example', post, 'abc');
    expect(node).toContain('await fetch("https://api.example/api/packages/{id}/proxy-lists", {');
    expect(node).toContain("method: 'POST'");
    expect(node).toContain('\'X-Api-Key\': "abc"');
    expect(node).toContain('body: JSON.stringify({\n    "name": "xxx",');
  });
});
