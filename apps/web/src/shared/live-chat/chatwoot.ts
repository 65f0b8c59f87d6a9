import type { LiveChatConfig } from '@proxy/contract';
import { loadScript } from '../analytics/load-script';
import { ensureDefaultTrustedPolicy } from '../lib/default-trusted-policy';

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

/** Starts the Chatwoot widget (SDK `{baseUrl}/packs/js/sdk.js`); resolves once it is ready. */
export const startChatwoot = async (
  { baseUrl, websiteToken }: LiveChatConfig,
  locale: string,
): Promise<ChatwootApi> => {
  // The SDK fills its own <style> element through innerHTML (a stylesheet has no `<`).
  ensureDefaultTrustedPolicy();
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
