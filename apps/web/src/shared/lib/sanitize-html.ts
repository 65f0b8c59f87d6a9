import DOMPurify from 'dompurify';

/** FAQ answers: the same allow-list the API applies when it stores them. */
const FAQ_OPTIONS = {
  ALLOWED_TAGS: ['p', 'ul', 'ol', 'li', 'strong', 'em', 'code', 'a', 'br', 'h3'],
  ALLOWED_ATTR: ['href'],
  ALLOWED_URI_REGEXP: /^(?:https:|mailto:|\/(?!\/)|#)/i,
};

/** Legal documents: DOMPurify's safe HTML profile (no scripts, handlers or javascript: URLs). */
const DOCUMENT_OPTIONS = { USE_PROFILES: { html: true } };

const withDomain = (html: string, domain: string) => html.replaceAll('{{domain}}', domain);

/** Sanitised again right before rendering, whatever the server stored. `{{domain}}` is filled in. */
export const sanitizeFaqHtml = (html: string, domain: string): string =>
  DOMPurify.sanitize(withDomain(html, domain), FAQ_OPTIONS);

export const sanitizeDocumentHtml = (html: string, domain: string): string =>
  DOMPurify.sanitize(withDomain(html, domain), DOCUMENT_OPTIONS);
