import type { TrustedTypePolicy } from 'trusted-types/lib';
import { trustedTypesFactory } from '../lib/trusted-types';

/**
 * Third-party scripts enter the page as `<script src>` elements (never inline code, which the
 * CSP refuses). Under `require-trusted-types-for 'script'` a script's src must be a
 * TrustedScriptURL: the `third-party-scripts` policy makes one only for an origin a loader
 * registered from the server's configuration, and the CSP lists the same origins.
 */
const allowedOrigins = new Set<string>();
let policy: Pick<TrustedTypePolicy, 'createScriptURL'> | null | undefined;

const scriptUrlPolicy = () => {
  policy ??=
    trustedTypesFactory()?.createPolicy('third-party-scripts', {
      createScriptURL: (url: string) => {
        if (allowedOrigins.has(new URL(url).origin)) return url;
        throw new TypeError(`script origin not configured: ${url}`);
      },
    }) ?? null;
  return policy;
};

export const loadScript = (src: string, attributes: Record<string, string> = {}): Promise<void> =>
  new Promise((resolve, reject) => {
    const url = new URL(src);
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      throw new TypeError(`not a web address: ${src}`);
    allowedOrigins.add(url.origin);
    const trusted = scriptUrlPolicy();
    const script = document.createElement('script');
    script.async = true;
    for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => reject(new Error(`could not load ${url.origin}`)));
    // A TrustedScriptURL where Trusted Types exist; the DOM typings know only strings.
    script.src = (trusted ? trusted.createScriptURL(url.href) : url.href) as string;
    document.head.append(script);
  });

/**
 * After the page settled (its files loaded, then an idle moment): third parties never compete
 * with the first screen. Before the load an idle moment is only a wait for the network.
 */
export const whenIdle = (run: () => void): (() => void) => {
  let cancel = () => {};
  const afterLoad = () => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(run, { timeout: 3000 });
      cancel = () => window.cancelIdleCallback(handle);
    } else {
      const handle = window.setTimeout(run, 1000);
      cancel = () => window.clearTimeout(handle);
    }
  };
  if (document.readyState === 'complete') afterLoad();
  else {
    window.addEventListener('load', afterLoad, { once: true });
    cancel = () => window.removeEventListener('load', afterLoad);
  }
  return () => cancel();
};
