import DOMPurify from 'dompurify';
import { trustedTypesFactory } from './trusted-types';

/**
 * The page's one `default` Trusted Types policy (a document can hold only one), created by the
 * first code that needs it: Chatwoot's SDK fills its <style> element through innerHTML, and
 * Swagger UI (the API documentation page) renders Markdown through dangerouslySetInnerHTML.
 * A string without `<` cannot become an element and passes unchanged (a stylesheet); anything
 * with markup goes through DOMPurify (no style attributes), so unsanitised HTML still cannot
 * reach the DOM. Script and script-URL sinks stay closed: the policy defines neither.
 * Decisions 146 and 148; the CSP lists `default` in `trusted-types`.
 */
export const ensureDefaultTrustedPolicy = () => {
  const factory = trustedTypesFactory();
  if (!factory || factory.defaultPolicy) return;
  factory.createPolicy('default', {
    createHTML: (html: string) =>
      html.includes('<') ? DOMPurify.sanitize(html, { FORBID_ATTR: ['style'] }) : html,
  });
};
