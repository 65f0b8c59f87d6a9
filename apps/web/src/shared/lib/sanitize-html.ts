import DOMPurify, { type Config } from 'dompurify';

/** FAQ answers: the same allow-list the API applies when it stores them. */
const FAQ_OPTIONS: Config = {
  ALLOWED_TAGS: ['p', 'ul', 'ol', 'li', 'strong', 'em', 'code', 'a', 'br', 'h3'],
  ALLOWED_ATTR: ['href'],
  ALLOWED_URI_REGEXP: /^(?:https:|mailto:|\/(?!\/)|#)/i,
};

/**
 * Legal documents: DOMPurify's safe HTML profile (no scripts, handlers or javascript: URLs).
 * No style attributes either: the CSP (style-src 'self') would refuse them.
 */
const DOCUMENT_OPTIONS: Config = { USE_PROFILES: { html: true }, FORBID_ATTR: ['style'] };

const withDomain = (html: string, domain: string) => html.replaceAll('{{domain}}', domain);

/**
 * Under the CSP's `require-trusted-types-for 'script'` an HTML sink takes only TrustedHTML,
 * and only DOMPurify's policy may make it (docs/decisions/070): the result goes straight to
 * dangerouslySetInnerHTML. Browsers without Trusted Types (and jsdom) get the string.
 */
const sanitize = (html: string, options: Config): string | TrustedHTML =>
  DOMPurify.sanitize(html, { ...options, RETURN_TRUSTED_TYPE: true });

/** Sanitised again right before rendering, whatever the server stored. `{{domain}}` is filled in. */
export const sanitizeFaqHtml = (html: string, domain: string): string | TrustedHTML =>
  sanitize(withDomain(html, domain), FAQ_OPTIONS);

export const sanitizeDocumentHtml = (html: string, domain: string): string | TrustedHTML =>
  sanitize(withDomain(html, domain), DOCUMENT_OPTIONS);

/** A drawing from the API (the two-factor QR code): DOMPurify's SVG profile, no styles. */
export const sanitizeSvg = (svg: string): string | TrustedHTML =>
  sanitize(svg, { USE_PROFILES: { svg: true }, FORBID_ATTR: ['style'] });
