import { describe, expect, it } from 'vitest';
import {
  EMPTY_ROOT,
  ON_REQUEST_ROOT,
  QUERY_STATE_ELEMENT_ID,
  SIGNED_IN_SESSION,
  asDrawnDocument,
  isDrawnOnRequest,
  scriptSafeJson,
  withDrawnScreen,
} from './drawn-document';

const html =
  '<!doctype html><html lang="en"><head><script type="module" crossorigin src="/assets/index.js"></script>' +
  `<link rel="modulepreload" crossorigin href="/assets/cabinet.js"></head><body>${EMPTY_ROOT}</body></html>`;

const START = '/assets/start-after-paint.js';

describe('drawn documents', () => {
  it("hold the app's files until the screen is painted; the server's template keeps its root for the server", () => {
    const template = asDrawnDocument(html, { root: ON_REQUEST_ROOT, startScript: START });
    const document = new DOMParser().parseFromString(template, 'text/html');
    const scripts = [...document.querySelectorAll('script')].map((script) =>
      script.getAttribute('src'),
    );
    expect(scripts).toEqual([START]);
    expect(document.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(0);
    const held = document.head.querySelector('template')?.content;
    expect(held?.querySelector('script')?.getAttribute('src')).toBe('/assets/index.js');
    expect(held?.querySelector('link')?.getAttribute('href')).toBe('/assets/cabinet.js');
    expect(isDrawnOnRequest(template)).toBe(true);
    expect(isDrawnOnRequest(asDrawnDocument(html, { startScript: START }))).toBe(false);
    expect(() => asDrawnDocument('<html></html>', { startScript: START })).toThrow(
      /no <div id="root">/,
    );
  });

  it('hold a signed-in screen with its language, its session mark and the query cache it was drawn from', () => {
    const state = { queries: [{ queryKey: ['profile'], state: { data: { name: 'Ann' } } }] };
    const drawn = withDrawnScreen(
      asDrawnDocument(html, { root: ON_REQUEST_ROOT, startScript: START }),
      '<h1>Profile</h1>',
      {
        language: 'ru',
        queryState: state,
      },
    );
    const document = new DOMParser().parseFromString(drawn, 'text/html');
    expect(document.documentElement.lang).toBe('ru');
    const root = document.getElementById('root');
    expect(root?.dataset.prerendered).toBe('ru');
    expect(root?.dataset.session).toBe(SIGNED_IN_SESSION);
    expect(root?.innerHTML).toBe('<h1>Profile</h1>');
    const element = document.getElementById(QUERY_STATE_ELEMENT_ID);
    expect(element?.getAttribute('type')).toBe('application/json');
    expect(JSON.parse(element?.textContent ?? 'null')).toEqual(state);
  });

  it('a guest drawing carries no session mark and no query cache', () => {
    const drawn = withDrawnScreen(asDrawnDocument(html, { startScript: START }), '<h1>Login</h1>', {
      language: 'en',
    });
    const document = new DOMParser().parseFromString(drawn, 'text/html');
    expect(document.getElementById('root')?.dataset.session).toBeUndefined();
    expect(document.getElementById(QUERY_STATE_ELEMENT_ID)).toBeNull();
  });

  it('a value in the query cache cannot close its element or run as a script', () => {
    const name = '</script><script>window.hacked = 1</script><!--';
    const drawn = withDrawnScreen(
      asDrawnDocument(html, { root: ON_REQUEST_ROOT, startScript: START }),
      '<h1>x</h1>',
      {
        language: 'en',
        queryState: { name },
      },
    );
    expect(scriptSafeJson({ name })).not.toContain('<');
    const document = new DOMParser().parseFromString(drawn, 'text/html');
    const scripts = [...document.querySelectorAll('script')].map((script) => script.type);
    expect(scripts).toEqual(['module', 'application/json']);
    const element = document.getElementById(QUERY_STATE_ELEMENT_ID);
    expect(JSON.parse(element?.textContent ?? 'null')).toEqual({ name });
  });
});
