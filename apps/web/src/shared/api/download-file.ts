import { currentLanguage } from '../i18n/i18n';
import { useSessionStore } from '../session/session-store';
import { apiUrl, toApiError } from './http-client';

/** The file name of `Content-Disposition` (RFC 6266: `filename*` first, then `filename`). */
export const attachmentName = (header: string | null): string | null => {
  if (!header) return null;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended);
    } catch {
      // A malformed name falls back to the plain one.
    }
  }
  return /filename="([^"]+)"/i.exec(header)?.[1] ?? null;
};

/**
 * Downloads an API file (an export, a report) with the session's bearer token and saves it under
 * the name the server gives (else `fallbackName`). A failure throws an ApiError.
 */
export const downloadFile = async (path: string, fallbackName: string): Promise<void> => {
  const headers: Record<string, string> = { 'Accept-Language': currentLanguage() };
  const token = useSessionStore.getState().token;
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(apiUrl(path), { headers });
  } catch {
    throw toApiError(0, null);
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    throw toApiError(response.status, body);
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = attachmentName(response.headers.get('content-disposition')) ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the blob to the browser's download.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
};
