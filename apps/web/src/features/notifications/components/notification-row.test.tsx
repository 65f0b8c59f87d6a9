import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import i18next from 'i18next';
import {
  NOTIFICATION_DATA_SCHEMAS,
  NOTIFICATION_DATE_LABELS,
  toNotificationLines,
  type NotificationType,
} from '@proxy/contract';
import en from '../../../../public/locales/en/notifications.json';
import ru from '../../../../public/locales/ru/notifications.json';
import { formatDateTime } from '../../../shared/lib/format-date';
import { NotificationRow } from './notification-row';

const CREATED_AT = '2026-11-22T10:30:00.000Z';

/** A sample instant of the date fields. */
const SAMPLE_DATE = '2027-01-27T04:38:00.000Z';

/** One sample value per field of each type's contract schema (an instant for a date). */
const sampleValue = (field: string) =>
  NOTIFICATION_DATE_LABELS.includes(field) ? SAMPLE_DATE : `v-${field}`;
const sampleLines = (type: NotificationType) =>
  toNotificationLines(
    type,
    Object.fromEntries(
      Object.keys(NOTIFICATION_DATA_SCHEMAS[type].shape).map((field) => [
        field,
        sampleValue(field),
      ]),
    ) as never,
  );

const renderRow = (type: NotificationType) =>
  render(
    <NotificationRow
      item={{ id: '1', type, data: sampleLines(type), created_at: CREATED_AT, read_at: CREATED_AT }}
      root={null}
      onVisible={() => undefined}
    />,
  );

beforeAll(() => {
  i18next.addResourceBundle('ru', 'notifications', ru);
});
afterAll(() => i18next.changeLanguage('en'));

describe('NotificationRow', () => {
  it.each(['en', 'ru'] as const)(
    'a date line is written as the cabinet writes dates, in the UI language (%s)',
    async (language) => {
      await i18next.changeLanguage(language);
      const expiry = '2027-01-27T04:38:00.000Z';
      const { container } = render(
        <NotificationRow
          item={{
            id: '1',
            type: 'notifications.package_extended',
            data: toNotificationLines('notifications.package_extended', {
              package: 'Base 5 GB #7',
              amount: '$4.75',
              date: expiry,
            }),
            created_at: CREATED_AT,
            read_at: CREATED_AT,
          }}
          root={null}
          onVisible={() => undefined}
        />,
      );
      const texts = language === 'en' ? en : ru;
      const lines = [...container.querySelectorAll('.notification__line')].map(
        (p) => p.textContent,
      );
      expect(lines.at(-1)).toBe(`${texts.labels.date}: ${formatDateTime(expiry, language)}`);
      expect(lines.at(-1)).toMatch(
        language === 'en' ? /: 27\/01\/2027, \d\d:\d\d$/ : /: 27\.01\.2027, \d\d:\d\d$/,
      );
    },
  );

  it('renders the purchase lines with translated labels, not raw keys', async () => {
    await i18next.changeLanguage('en');
    const { container } = render(
      <NotificationRow
        item={{
          id: '1',
          type: 'notifications.package_bought',
          data: toNotificationLines('notifications.package_bought', {
            package: 'Base 5 GB',
            amount: '$4.75',
          }),
          created_at: CREATED_AT,
          read_at: CREATED_AT,
        }}
        root={null}
        onVisible={() => undefined}
      />,
    );
    expect(screen.getByRole('heading').textContent).toBe(en.notifications.package_bought);
    const lines = [...container.querySelectorAll('.notification__line')].map((p) => p.textContent);
    expect(lines).toEqual(['Package: Base 5 GB', 'Amount: $4.75']);
  });

  it.each(['en', 'ru'] as const)(
    'every type of the contract renders a title and labelled lines in %s, with the shared date format',
    async (language) => {
      await i18next.changeLanguage(language);
      const texts = language === 'en' ? en : ru;
      for (const type of Object.keys(NOTIFICATION_DATA_SCHEMAS) as NotificationType[]) {
        const { container, unmount } = renderRow(type);
        const key = type.slice('notifications.'.length) as keyof typeof texts.notifications;
        expect(container.querySelector('h3')?.textContent).toBe(texts.notifications[key]);
        const lines = [...container.querySelectorAll('.notification__line')].map(
          (p) => p.textContent,
        );
        expect(lines).toEqual(
          sampleLines(type).map(
            (line) =>
              `${texts.labels[line.label as keyof typeof texts.labels]}: ${
                line.value === SAMPLE_DATE
                  ? formatDateTime(SAMPLE_DATE, language)
                  : `v-${line.label}`
              }`,
          ),
        );
        expect(container.querySelector('time')?.textContent).toBe(
          formatDateTime(CREATED_AT, language),
        );
        unmount();
      }
    },
  );
});
