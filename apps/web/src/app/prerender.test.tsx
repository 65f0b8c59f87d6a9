import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { I18N_NAMESPACES, LANGUAGES } from '@proxy/contract';
import { renderScreen } from './prerender';

const localesDir = path.resolve(import.meta.dirname, '../../public/locales');
const translations = Object.fromEntries(
  LANGUAGES.map((language) => [
    language,
    Object.fromEntries(
      I18N_NAMESPACES.map((ns) => [
        ns,
        JSON.parse(readFileSync(path.join(localesDir, language, `${ns}.json`), 'utf8')) as {
          login?: { title: string };
        },
      ]),
    ),
  ]),
);

// That the browser hydrates this drawing (keeps its elements, no mismatch) is for a real browser
// to show: e2e/tests/first-paint.spec.ts.
describe('the prerendered login screen', () => {
  it.each(LANGUAGES)(
    'is drawn in %s: its heading, no inline style, a form that waits for the app',
    async (language) => {
      const html = await renderScreen('/login', language, translations);
      const title = translations[language]?.auth?.login?.title;
      expect(title).toBeTruthy();
      // The content security policy refuses style attributes in HTML.
      expect(html).not.toMatch(/\sstyle="/);

      const container = document.createElement('div');
      container.innerHTML = html;
      document.body.append(container);
      const heading = container.querySelector('h1');
      expect(heading?.textContent).toBe(title);
      // Before the app runs, its form cannot be submitted by the browser (the password would
      // land in the address).
      const submit = container.querySelector<HTMLButtonElement>('button[type="submit"]');
      expect(submit?.disabled).toBe(true);
      for (const field of container.querySelectorAll('input')) expect(field.readOnly).toBe(true);

      container.remove();
    },
  );
});
