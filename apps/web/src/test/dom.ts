import { vi } from 'vitest';

/** jsdom has no matchMedia: every query answers `matches`. */
export const stubMatchMedia = (matches: boolean): void => {
  window.matchMedia = (query: string) =>
    ({
      matches,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }) as unknown as MediaQueryList;
};

/** The texts of the inline `.form-error` messages, in document order. */
export const formErrorTexts = (container: HTMLElement): (string | null)[] =>
  [...container.querySelectorAll('.form-error')].map((node) => node.textContent);

/** The cookie strings `write` assigns to `document.cookie` (they still reach the document). */
export const cookiesWrittenBy = (write: () => void): string[] => {
  const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
  const written: string[] = [];
  const spy = vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
    written.push(value);
    descriptor?.set?.call(document, value);
  });
  try {
    write();
  } finally {
    spy.mockRestore();
  }
  return written;
};
