import type { AppConfig } from '@proxy/contract';
import { connectAnalytics } from './analytics';

let isStarted = false;

/**
 * After consent: connects the configured analytics provider and loads the live chat. Loaded as
 * its own chunk, so a cabinet without these services never downloads their code.
 */
export const startThirdParties = async (config: AppConfig, locale: string): Promise<void> => {
  if (isStarted) return;
  isStarted = true;
  const { analytics, liveChat } = config;
  if (analytics?.provider === 'plausible') {
    const { plausibleSink } = await import('./plausible');
    connectAnalytics(plausibleSink(analytics));
  } else if (analytics?.provider === 'ga4') {
    const { ga4Sink } = await import('./ga4');
    connectAnalytics(ga4Sink(analytics));
  }
  if (liveChat) {
    const { startLiveChat } = await import('../live-chat/live-chat-store');
    await startLiveChat(liveChat, locale);
  }
};
