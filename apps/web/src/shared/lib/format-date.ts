/** Short date and time in the UI language ("22/11/2026, 10:30"); `null` is a dash. */
export const formatDateTime = (iso: string | null, language: string): string =>
  iso
    ? new Date(iso).toLocaleString(language === 'ru' ? 'ru-RU' : 'en-GB', {
        dateStyle: 'short',
        timeStyle: 'short',
      })
    : '—';
