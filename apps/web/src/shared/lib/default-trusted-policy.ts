import DOMPurify from 'dompurify';
import { trustedTypesFactory } from './trusted-types';

/** Set by a screen that renders third-party Markdown (the API documentation page). */
let sanitizesMarkup = false;

/**
 * The page's one `default` Trusted Types policy (a document holds only one), created by the
 * first code that needs it. A string without `<` cannot become an element and passes unchanged:
 * Chatwoot's SDK fills its <style> element that way (decision 148). Markup is refused, unless a
 * screen asked for `sanitizeMarkup`: Swagger UI on the API documentation page renders Markdown
 * through dangerouslySetInnerHTML, and from then on markup goes through DOMPurify (no style
 * attributes) instead (decision 146). Either way unsanitised HTML cannot reach the DOM; script
 * and script-URL sinks stay closed (the policy defines neither). The CSP lists `default`.
 */
export const ensureDefaultTrustedPolicy = ({ sanitizeMarkup = false } = {}) => {
  if (sanitizeMarkup) sanitizesMarkup = true;
  const factory = trustedTypesFactory();
  if (!factory || factory.defaultPolicy) return;
  factory.createPolicy('default', {
    createHTML: (html: string) => {
      if (!html.includes('<')) return html;
      if (!sanitizesMarkup) throw new TypeError('markup refused outside DOMPurify');
      return DOMPurify.sanitize(html, { FORBID_ATTR: ['style'] });
    },
  });
};
