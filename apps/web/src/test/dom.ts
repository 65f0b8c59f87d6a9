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
