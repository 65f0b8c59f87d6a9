import sanitizeHtml from 'sanitize-html';

/**
 * The allow-list of stored FAQ HTML: text formatting, lists, code, h3 and links to https,
 * mailto or relative URLs. Scripts, styles, event handlers (onerror=...) and javascript:/data:
 * URLs are removed. The SPA sanitises again (DOMPurify) before rendering.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'ul', 'ol', 'li', 'strong', 'em', 'code', 'a', 'br', 'h3'],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
};

export const sanitizeFaqHtml = (html: string): string => sanitizeHtml(html, OPTIONS);
