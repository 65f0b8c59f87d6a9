import { afterEach, describe, expect, it } from 'vitest';
import { captureGoogleReturnToken, takeGoogleReturnToken } from './google-return-token';

afterEach(() => {
  takeGoogleReturnToken();
  window.history.replaceState(null, '', '/');
});

describe('Google return token', () => {
  it('moves the token from the address bar into memory without a new history entry', () => {
    window.history.pushState(null, '', '/auth/google/callback?token=secret-1&lang=ru#top');
    const entries = window.history.length;
    captureGoogleReturnToken();
    expect(window.location.pathname).toBe('/auth/google/callback');
    expect(window.location.search).toBe('?lang=ru');
    expect(window.location.hash).toBe('#top');
    expect(window.location.href).not.toContain('secret-1');
    expect(window.history.length).toBe(entries);
    expect(takeGoogleReturnToken()).toBe('secret-1');
    // Taken once: a second read (a re-mounted screen) finds nothing.
    expect(takeGoogleReturnToken()).toBeNull();
  });

  it('leaves other pages and a return without token alone', () => {
    window.history.pushState(null, '', '/login?token=not-google');
    captureGoogleReturnToken();
    expect(window.location.search).toBe('?token=not-google');
    expect(takeGoogleReturnToken()).toBeNull();
    window.history.pushState(null, '', '/auth/google/callback');
    captureGoogleReturnToken();
    expect(window.location.pathname).toBe('/auth/google/callback');
    expect(takeGoogleReturnToken()).toBeNull();
  });
});
