import type { LiveChatConfig } from '@proxy/contract';
import { loadScript } from '../analytics/load-script';
import { trustedTypesFactory } from '../lib/trusted-types';

type ChatwootApi = {
  toggle: (state?: 'open' | 'close') => void;
  /** Forgets the visitor's conversation (its cookie), e.g. when the customer logs out. */
  reset: () => void;
  toggleBubbleVisibility: (visibility: 'show' | 'hide') => void;
};

declare global {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface Window {
    chatwootSettings?: Record<string, unknown>;
    chatwootSDK?: { run: (options: { websiteToken: string; baseUrl: string }) => void };
    $chatwoot?: ChatwootApi;
  }
}

/**
 * The SDK fills its own <style> element through innerHTML, a Trusted Types sink. The
 * `default` policy (allowed by the CSP only while Chatwoot is configured) lets through strings
 * without a `<`, i.e. text that cannot become an element: a stylesheet passes, markup does not.
 */
const allowMarkupFreeHtml = () => {
  const factory = trustedTypesFactory();
  if (!factory || factory.defaultPolicy) return;
  factory.createPolicy('default', {
    createHTML: (html: string) => {
      if (html.includes('<')) throw new TypeError('markup refused outside DOMPurify');
      return html;
    },
  });
};

/** Starts the Chatwoot widget (SDK `{baseUrl}/packs/js/sdk.js`); resolves once it is ready. */
export const startChatwoot = async (
  { baseUrl, websiteToken }: LiveChatConfig,
  locale: string,
): Promise<ChatwootApi> => {
  allowMarkupFreeHtml();
  window.chatwootSettings = { position: 'right', type: 'standard', locale };
  const ready = new Promise<void>((resolve) =>
    window.addEventListener('chatwoot:ready', () => resolve(), { once: true }),
  );
  await loadScript(`${baseUrl}/packs/js/sdk.js`);
  window.chatwootSDK?.run({ websiteToken, baseUrl });
  await ready;
  if (!window.$chatwoot) throw new Error('Chatwoot SDK did not start');
  return window.$chatwoot;
};
