import DOMPurify from 'dompurify';

/** The part of the Trusted Types API used here (TypeScript's DOM library does not declare it). */
type PolicyFactory = {
  createPolicy: (name: string, rules: { createHTML: (input: string) => string }) => unknown;
};

let isInstalled = false;

/**
 * Swagger UI renders Markdown (descriptions) with its own copy of DOMPurify and hands the result
 * to React's dangerouslySetInnerHTML as a string, which the CSP's
 * `require-trusted-types-for 'script'` refuses (a TypeError that breaks the view). The
 * documentation page therefore installs the `default` Trusted Types policy (allowed by the CSP,
 * decision 146): every string that reaches an HTML sink from then on is passed through our
 * DOMPurify first, so unsanitised HTML still cannot reach the DOM; script sinks stay closed.
 */
export const installSanitizingPolicy = () => {
  const factory = (window as Window & { trustedTypes?: PolicyFactory }).trustedTypes;
  if (isInstalled || !factory) return;
  isInstalled = true;
  factory.createPolicy('default', {
    createHTML: (html: string) => DOMPurify.sanitize(html, { FORBID_ATTR: ['style'] }),
  });
};
