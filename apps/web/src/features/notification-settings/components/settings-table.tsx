import { useTranslation } from 'react-i18next';
import {
  NOTIFICATION_CHANNELS,
  type NotificationChannel,
  type NotificationSettingGroup,
  type NotificationSettingName,
} from '@proxy/contract';

type SettingsTableProps = {
  group: NotificationSettingGroup;
  channels: readonly NotificationChannel[];
  isDisabled: boolean;
  onToggle: (name: string, channel: NotificationChannel, value: boolean) => void;
};

/**
 * One group's events as rows, one checkbox per channel. Every group's table has the same fixed
 * channel columns and fills its card, so the columns line up from group to group.
 */
export const SettingsTable = ({ group, channels, isDisabled, onToggle }: SettingsTableProps) => {
  const { t } = useTranslation('notification-settings');
  const groupTitle = t(`groups.${group.id}`);
  return (
    <section className="panel notification-settings__group" aria-label={groupTitle}>
      <h2 className="notification-settings__group-title">{groupTitle}</h2>
      <div className="notification-settings__scroll">
        <table className="notification-settings__table" data-group={group.id}>
          <thead>
            <tr>
              <th scope="col" className="notification-settings__event">
                {t('event')}
              </th>
              {channels.map((channel) => (
                <th key={channel} scope="col" className="notification-settings__channel">
                  {t(`channels.${channel}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {group.settings.map((setting) => {
              const event = t(`events.${setting.name as NotificationSettingName}`, {
                defaultValue: setting.name,
              });
              return (
                <tr key={setting.name} data-setting={setting.name}>
                  <th scope="row" className="notification-settings__event">
                    {event}
                  </th>
                  {channels.map((channel) => (
                    <td key={channel} className="notification-settings__channel">
                      <input
                        type="checkbox"
                        className="checkbox__input"
                        aria-label={`${event}: ${t(`channels.${channel}`)}`}
                        data-channel={channel}
                        checked={setting.channels[channel]}
                        disabled={isDisabled}
                        onChange={(event) => onToggle(setting.name, channel, event.target.checked)}
                      />
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
};

/** The channels shown: Telegram only when the bot is on (or the user is connected to it). */
export const shownChannels = (isTelegramShown: boolean): readonly NotificationChannel[] =>
  isTelegramShown ? NOTIFICATION_CHANNELS : NOTIFICATION_CHANNELS.filter((c) => c !== 'telegram');
