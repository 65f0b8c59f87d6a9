import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import en from '../../../../public/locales/en/notification-settings.json';
import { TelegramConnectModal } from './telegram-connect-modal';

const BOT_URL = 'https://t.me/cabinet_bot?start=0123456789abcdef0123456789abcdef';

beforeAll(() => {
  i18next.addResourceBundle('en', 'notification-settings', en);
});

/** The modal with a 10 % promo, open or closed (render it, or rerender to open or close it). */
const modal = (isOpen: boolean, onRecheck: () => void) => (
  <TelegramConnectModal
    isOpen={isOpen}
    botUrl={BOT_URL}
    promoPercent={10}
    onClose={() => undefined}
    onRecheck={onRecheck}
  />
);

describe('TelegramConnectModal', () => {
  it('links to the bot with the promo token and offers the promo', () => {
    render(modal(true, () => undefined));
    expect(screen.getByRole('link', { name: en.telegram.open_bot }).getAttribute('href')).toBe(
      BOT_URL,
    );
    expect(screen.getByText(en.telegram.modal_promo.replace('{{percent}}', '10'))).toBeDefined();
  });

  it('asks for a recheck when the window regains focus, only while open', () => {
    const onRecheck = vi.fn();
    const { rerender } = render(modal(true, onRecheck));
    fireEvent.focus(window);
    expect(onRecheck).toHaveBeenCalledTimes(1);
    rerender(modal(false, onRecheck));
    fireEvent.focus(window);
    expect(onRecheck).toHaveBeenCalledTimes(1);
  });
});
