import { describe, expect, it } from 'vitest';
import { sanitizeDocumentHtml, sanitizeFaqHtml } from './sanitize-html';

/** jsdom has no Trusted Types: the sanitisers hand back the string. */
const html = (value: string | TrustedHTML): string => {
  if (typeof value !== 'string') throw new Error('expected a string without Trusted Types');
  return value;
};

const DIRTY =
  '<p onclick="x()">Hi <strong>{{domain}}</strong><script>alert(1)</script></p>' +
  '<img src=x onerror="alert(1)"><a href="javascript:alert(1)">bad</a>' +
  '<a href="https://ok.example/" onmouseover="x()">ok</a><iframe src="https://x"></iframe>';

describe('render-time sanitising (DOMPurify)', () => {
  it('FAQ: drops scripts, event handlers, unsafe links and tags outside the allow-list', () => {
    const clean = html(sanitizeFaqHtml(DIRTY, 'proxy.example'));
    expect(clean).not.toMatch(/script|onerror|onclick|onmouseover|javascript:|<img|<iframe/i);
    expect(clean).toContain('<p>Hi <strong>proxy.example</strong></p>');
    expect(clean).toContain('<a href="https://ok.example/">ok</a>');
    expect(html(sanitizeFaqHtml('<a href="//evil.example/">x</a>', 'd'))).toBe('<a>x</a>');
  });

  it('legal documents: the domain is inserted and nothing executable survives', () => {
    const clean = html(sanitizeDocumentHtml(DIRTY, 'proxy.example'));
    expect(clean).not.toMatch(/<script|onerror|onclick|onmouseover|javascript:|<iframe/i);
    expect(clean).toContain('<strong>proxy.example</strong>');
  });

  it('legal documents: style attributes are dropped (the CSP allows no inline styles)', () => {
    expect(html(sanitizeDocumentHtml('<p style="color:red">x</p>', 'd'))).toBe('<p>x</p>');
  });
});
