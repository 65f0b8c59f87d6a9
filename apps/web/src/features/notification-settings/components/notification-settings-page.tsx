import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NotificationChannel, NotificationSettingGroup } from '@proxy/contract';
import { usePromoStore } from '../../../shared/stores/promo-store';
import { Button, QueryPage, showAlert, useQueryPageTexts } from '../../../shared/ui';
import { useNotificationSettings } from '../api/get-notification-settings';
import { useTelegramStatus } from '../api/get-telegram-status';
import { useUpdateNotificationSettings } from '../api/update-notification-settings';
import { isChanged, withChannel } from '../utils/settings-copy';
import { SettingsTable, shownChannels } from './settings-table';
import { TelegramCard } from './telegram-card';
import { TelegramConnectModal } from './telegram-connect-modal';
import '../notification-settings.css';

export type NotificationSettingsPageProps = {
  /** From the profile (telegram_connected). */
  isTelegramConnected: boolean;
  isPromoTokenUsed: boolean;
  /** Refetches the profile; resolves to whether Telegram is connected now. */
  refreshTelegramConnected: () => Promise<boolean>;
};

/** The connect modal: opened by a Telegram switch (applied once connected) or by the offer. */
type ConnectRequest = { name: string | null };

/** /cabinet/notifications: notification settings (spec 001 sections 2, 4 and 8). */
export const NotificationSettingsPage = ({
  isTelegramConnected,
  isPromoTokenUsed,
  refreshTelegramConnected,
}: NotificationSettingsPageProps) => {
  const { t } = useTranslation('notification-settings');
  const settings = useNotificationSettings();
  const texts = useQueryPageTexts('notification-settings');
  const telegram = useTelegramStatus();
  const update = useUpdateNotificationSettings();
  const { isSubscriptionPromoQuery, isCancelingPromo, setCancelingPromo } = usePromoStore();
  /** The local copy while it differs from the server copy (null: the server copy). */
  const [edited, setEdited] = useState<NotificationSettingGroup[] | null>(null);
  const [connect, setConnect] = useState<ConnectRequest | null>(null);
  const server = settings.data;

  const isBotOn = telegram.data?.enabled === true;
  const isOfferShown = isBotOn && !isPromoTokenUsed && !isCancelingPromo;
  // ?subscribe_promo: the offer opens the connect modal until dismissed or connected.
  const isOfferOpen = isSubscriptionPromoQuery && isOfferShown && !isTelegramConnected;
  const isConnectOpen = !isTelegramConnected && (connect !== null || isOfferOpen);

  const edit = useCallback(
    (name: string, channel: NotificationChannel, value: boolean) =>
      setEdited((copy) => {
        const base = copy ?? server;
        return base ? withChannel(base, name, channel, value) : copy;
      }),
    [server],
  );

  // Back from Telegram (window focus): the profile is refetched; once the connection is seen
  // the modal closes with a success alert and the Telegram switch that asked for it is set.
  const { refetch: refetchTelegram } = telegram;
  const onRecheck = useCallback(() => {
    void refreshTelegramConnected().then((isConnected) => {
      if (!isConnected) return;
      void refetchTelegram();
      setConnect(null);
      if (connect?.name) edit(connect.name, 'telegram', true);
      showAlert.success(t('telegram.success'));
    });
  }, [refreshTelegramConnected, refetchTelegram, connect, edit, t]);

  const onToggle = (name: string, channel: NotificationChannel, value: boolean) => {
    if (channel === 'telegram' && value && !isTelegramConnected) {
      if (telegram.data?.bot_url) setConnect({ name });
      return;
    }
    edit(name, channel, value);
  };

  const onSave = () => {
    if (!edited) return;
    update.mutate(edited, {
      onSuccess: () => {
        setEdited(null);
        showAlert.success(t('settings_saved_successfully'));
      },
      onError: () => {
        // The local copy goes back to the server copy.
        setEdited(null);
        showAlert.error(t('settings_save_failed'));
      },
    });
  };

  const onCloseConnect = () => {
    // Closing the offer opened by ?subscribe_promo cancels it (the isCancelingPromo flag).
    if (isOfferOpen) setCancelingPromo(true);
    setConnect(null);
  };

  const onDismissOffer = () => {
    setCancelingPromo(true);
    setConnect(null);
  };

  return (
    <QueryPage className="notification-settings stack" query={settings} texts={texts}>
      {() => {
        const groups = edited ?? server ?? [];
        const isDirty = server ? isChanged(groups, server) : false;
        const channels = shownChannels(isBotOn || isTelegramConnected);
        return (
          <>
            <p className="text-muted">{t('description')}</p>
            {telegram.data && (isBotOn || isTelegramConnected) && (
              <TelegramCard
                status={telegram.data}
                isConnected={isTelegramConnected}
                onConnect={() => setConnect({ name: null })}
                isOfferShown={isOfferShown}
                onDismissOffer={onDismissOffer}
              />
            )}
            {groups.map((group) => (
              <SettingsTable
                key={group.id}
                group={group}
                channels={channels}
                isDisabled={update.isPending}
                onToggle={onToggle}
              />
            ))}
            <div className="notification-settings__actions">
              <Button onClick={onSave} isLoading={update.isPending} disabled={!isDirty}>
                {t('save')}
              </Button>
              <Button
                variant="secondary"
                onClick={() => setEdited(null)}
                disabled={!isDirty || update.isPending}
              >
                {t('reset')}
              </Button>
            </div>
            {telegram.data?.bot_url && (
              <TelegramConnectModal
                isOpen={isConnectOpen}
                botUrl={telegram.data.bot_url}
                promoPercent={isPromoTokenUsed ? null : telegram.data.promo_percent}
                onClose={onCloseConnect}
                onRecheck={onRecheck}
              />
            )}
          </>
        );
      }}
    </QueryPage>
  );
};
