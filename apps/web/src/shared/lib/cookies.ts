export type CookieOptions = {
  days?: number;
  path?: string;
  sameSite?: 'Lax' | 'Strict' | 'None';
  secure?: boolean;
};

export const readCookie = (name: string): string | null => {
  // The build's prerender draws screens without a document: a guest with no cookies.
  if (typeof document === 'undefined') return null;
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) return decodeURIComponent(item.slice(prefix.length));
  }
  return null;
};

export const writeCookie = (name: string, value: string, options: CookieOptions = {}): void => {
  const { days, path = '/', sameSite = 'Lax', secure = false } = options;
  let cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; path=${path}; SameSite=${sameSite}`;
  if (days !== undefined) cookie += `; max-age=${Math.round(days * 86_400)}`;
  if (secure) cookie += '; Secure';
  document.cookie = cookie;
};

export const removeCookie = (name: string, path = '/'): void => {
  document.cookie = `${encodeURIComponent(name)}=; path=${path}; max-age=0`;
};
