import ts from 'typescript';
import type { Plugin } from 'vite';
import { parseRoute } from '../../../packages/contract/src/http/endpoint.ts';

/** The contract's endpoint definition files (`packages/contract/src/<domain>/<domain>.endpoints.ts`). */
export const ENDPOINTS_FILE = /[\\/]packages[\\/]contract[\\/]src[\\/].+\.endpoints\.ts$/;

/** What a production web build keeps of an endpoint's options: what `call` needs besides the route. */
const KEPT_OPTIONS = ['rawBody'] as const;

/** A property's key: `rawBody: true`, `'rawBody': true` or the shorthand `rawBody`. */
const keyName = (property: ts.ObjectLiteralElementLike): string | undefined =>
  ts.isShorthandPropertyAssignment(property)
    ? property.name.text
    : ts.isPropertyAssignment(property) &&
        (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))
      ? property.name.text
      : undefined;

const parseTs = (code: string, fileName: string): ts.SourceFile =>
  ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);

type Edit = { start: number; end: number; text: (original: string) => string };

/** Replaces each edit's range (edits do not overlap), or null when there is none. */
const applyEdits = (code: string, edits: Edit[]): string | null => {
  if (edits.length === 0) return null;
  let result = code;
  for (const { start, end, text } of edits.sort((a, b) => b.start - a.start))
    result = result.slice(0, start) + text(result.slice(start, end)) + result.slice(end);
  return result;
};

/**
 * Rewrites every `defineEndpoint('METHOD /path', { summary, params, ..., response })` call of a
 * contract endpoints file into a plain `{ method, path }` object (with `rawBody` where an endpoint
 * has it). The request and response zod schemas are then unreferenced, so the bundler drops them
 * and, on the first screen, zod itself. Returns null when the file defines no endpoint.
 */
export const stripEndpointSchemas = (code: string, fileName: string): string | null => {
  const source = parseTs(code, fileName);
  const edits: Edit[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'defineEndpoint'
    ) {
      const where = `${fileName}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
      const [route, options] = node.arguments;
      const parsed = route && ts.isStringLiteralLike(route) ? parseRoute(route.text) : null;
      if (!parsed)
        throw new Error(`${where}: defineEndpoint expects a route literal ('GET /path')`);
      if (!options || !ts.isObjectLiteralExpression(options))
        throw new Error(`${where}: defineEndpoint expects an object literal of options`);
      // A spread or a computed key could hide a kept option: refuse rather than drop it.
      if (options.properties.some((property) => keyName(property) === undefined))
        throw new Error(`${where}: every option must be a plain \`key: value\`, not a spread`);
      const kept = options.properties
        .filter((property) =>
          (KEPT_OPTIONS as readonly (string | undefined)[]).includes(keyName(property)),
        )
        .map((property) => property.getText(source));
      const { method, path } = parsed;
      const plain = [`method: ${JSON.stringify(method)}`, `path: ${JSON.stringify(path)}`, ...kept];
      edits.push({
        start: node.getStart(source),
        end: node.getEnd(),
        text: () => `{ ${plain.join(', ')} }`,
      });
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return applyEdits(code, edits);
};

const containsCall = (node: ts.Node): boolean =>
  ts.isCallExpression(node) || ts.isNewExpression(node) || !!ts.forEachChild(node, containsCall);

/**
 * Wraps the initializer of every top-level `const` that calls something (zod schema builders)
 * in a `/* @__PURE__ *\/` arrow call. The bundler cannot tell that `z.object(...)` has no side
 * effect and would otherwise keep every schema of a contract module it includes for one
 * constant; annotated, an unused schema is dropped. Returns null when nothing changes.
 */
export const markPureConstants = (code: string, fileName: string): string | null => {
  const source = parseTs(code, fileName);
  const edits: Edit[] = [];
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    if (!(statement.declarationList.flags & ts.NodeFlags.Const)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const init = declaration.initializer;
      if (!init || ts.isArrowFunction(init) || ts.isFunctionExpression(init)) continue;
      if (containsCall(init))
        edits.push({
          start: init.getStart(source),
          end: init.getEnd(),
          text: (original) => `/* @__PURE__ */ (() => (${original}))()`,
        });
    }
  }
  return applyEdits(code, edits);
};

/** Contract source files (not tests). */
export const CONTRACT_FILE = /[\\/]packages[\\/]contract[\\/]src[\\/].+(?<!\.test)\.ts$/;

/**
 * Production builds only: the web client checks responses against the contract in development
 * and tests (`parseResponse`), so a production bundle needs no schema of an endpoint. The dev
 * server and vitest keep the full definitions.
 */
export const stripEndpointSchemasPlugin = (): Plugin => ({
  name: 'strip-endpoint-schemas',
  apply: 'build',
  enforce: 'pre',
  transform(code, id) {
    const file = id.split('?')[0] ?? id;
    if (!CONTRACT_FILE.test(file)) return null;
    const stripped = ENDPOINTS_FILE.test(file) ? stripEndpointSchemas(code, file) : null;
    const marked = markPureConstants(stripped ?? code, file);
    const result = marked ?? stripped;
    return result === null ? null : { code: result, map: null };
  },
});
