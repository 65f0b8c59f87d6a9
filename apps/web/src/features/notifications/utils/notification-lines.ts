export type NotificationData =
  { label: string; value: unknown }[] | Record<string, unknown> | null | undefined;

const isPair = (item: unknown): item is { label: string; value: unknown } =>
  typeof item === 'object' &&
  item !== null &&
  typeof (item as { label?: unknown }).label === 'string';

/**
 * Turns notification `data` into label/value lines. The API sends `[{label, value}]`;
 * a plain `{label: value}` object is accepted too. Nested objects and nulls are skipped.
 */
export const notificationLines = (data: NotificationData): { label: string; value: string }[] => {
  if (!data) return [];
  const entries: [string, unknown][] = Array.isArray(data)
    ? data.filter(isPair).map((item): [string, unknown] => [item.label, item.value])
    : Object.entries(data);
  return entries
    .filter(([, value]) => value !== null && value !== undefined && typeof value !== 'object')
    .map(([label, value]) => ({ label, value: String(value as string | number | boolean) }));
};

/** `notifications.welcome` (namespace notifications) or a bare `welcome`: both resolve to the same key. */
export const notificationTitleKey = (type: string): string =>
  type.startsWith('notifications.')
    ? `notifications:${type}`
    : `notifications:notifications.${type}`;

/** True when the scroll position is within `threshold` px of the bottom. */
export const isNearBottom = (
  element: Pick<HTMLElement, 'scrollTop' | 'clientHeight' | 'scrollHeight'>,
  threshold: number,
): boolean => element.scrollHeight - element.scrollTop - element.clientHeight <= threshold;
