import type { ReactNode } from 'react';
import { SUPPORT_MESSENGER_URL } from '../config';

/**
 * A link to the support chat, in a new tab. Texts put it around their `<support>` part:
 * `<Trans i18nKey=".." components={{ support: <SupportLink /> }} />`.
 */
export const SupportLink = ({ children }: { children?: ReactNode }) => (
  <a href={SUPPORT_MESSENGER_URL} target="_blank" rel="noopener noreferrer">
    {children}
  </a>
);
