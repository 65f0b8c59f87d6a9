import { describe, expect, it } from 'vitest';
import { sanitizeDocumentHtml, sanitizeFaqHtml } from './sanitize-html';

const DIRTY =
  '<p onclick="x()">Hi <strong>{{domain}}</strong><script>alert(1)</script></p>' +
  '<img src=x onerror="alert(1)"><a href="javascript:alert(1)">bad</a>' +
  '<a href="https://ok.example/" onmouseover="x()">ok</a><iframe src="https://x"></iframe>';

describe('render-time sanitising (DOMPurify)', () => {
  it('FAQ: drops scripts, event handlers, unsafe links and tags outside the allow-list', () => {
    const clean = sanitizeFaqHtml(DIRTY, 'proxy.example');
    expect(clean).not.toMatch(/script|onerror|onclick|onmouseover|javascript:|<img|<iframe/i);
    expect(clean).toContain('<p>Hi <strong>proxy.example</strong></p>');
    expect(clean).toContain('<a href="https://ok.example/">ok</a>');
    expect(sanitizeFaqHtml('<a href="//evil.example/">x</a>', 'd')).toBe('<a>x</a>');
  });

  it('legal documents: the domain is inserted and nothing executable survives', () => {
    const clean = sanitizeDocumentHtml(DIRTY, 'proxy.example');
    expect(clean).not.toMatch(/<script|onerror|onclick|onmouseover|javascript:|<iframe/i);
    expect(clean).toContain('<strong>proxy.example</strong>');
  });
});
