import type { SwaggerPlugin, SwaggerReact } from 'swagger-ui-dist/swagger-ui-es-bundle.js';

type SwaggerElement = { type: unknown; key: string | null; props: Record<string, unknown> };

/** The children `children` stands for, each with its <main> drawn as a <div> (same props). */
const withoutMain = (children: unknown, React: SwaggerReact): unknown[] =>
  (Array.isArray(children) ? (children as unknown[]) : [children]).map((node): unknown => {
    if (Array.isArray(node)) return withoutMain(node, React);
    if (!React.isValidElement(node)) return node;
    const element = node as SwaggerElement;
    const { children: inner, ...props } = element.props;
    if (inner === undefined && element.type !== 'main') return element;
    return React.createElement(
      element.type === 'main' ? 'div' : element.type,
      { ...props, key: element.key },
      ...(inner === undefined ? [] : withoutMain(inner, React)),
    );
  });

/**
 * Swagger UI's layout puts the operations in a <main>, inside the page's own one: a page has
 * one main landmark (screen readers jump to it). The layout hands that part, with the rest of
 * its content, to its version filter as children; the filter draws it as a <div>, keeping its
 * id and focus target.
 */
export const oneMainLandmark: SwaggerPlugin = () => ({
  wrapComponents: {
    VersionPragmaFilter:
      (Original, { React }) =>
      ({ children, ...props }) =>
        React.createElement(Original, props, ...withoutMain(children, React)),
  },
});
