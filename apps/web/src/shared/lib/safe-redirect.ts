/** Accepts only same-origin absolute paths ("/x"), never "//host" or "http://". */
export const safeRedirectPath = (value: unknown): string | null => {
  if (
    typeof value !== 'string' ||
    !value.startsWith('/') ||
    value.startsWith('//') ||
    value.startsWith('/\\')
  ) {
    return null;
  }
  return value;
};
