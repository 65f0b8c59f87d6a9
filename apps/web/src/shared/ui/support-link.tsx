import type { ReactNode } from 'react';
import { useAppConfig } from '../config/app-config';

/**
 * A link to the support messenger channel (the server's SUPPORT_CHAT_URL), in a new tab.
 * Texts put it around their `<support>` part:
 * `<Trans i18nKey=".." components={{ support: <SupportLink /> }} />`.
 */
export const SupportLink = ({ children }: { children?: ReactNode }) => {
  const { data: config } = useAppConfig();
  return (
    <a href={config?.supportMessengerUrl} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
};
