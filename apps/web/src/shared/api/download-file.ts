import { endpointPath, type Endpoint } from '@proxy/contract';
import type { QueryParams } from '../lib/query-string';
import { apiUrl, readJson, sessionHeaders, toApiError } from './http-client';

/** `attachment; filename="a.txt"; filename*=UTF-8''%D0%B0.txt` -> `а.txt` (RFC 6266). */
export const fileNameFromDisposition = (header: string | null): string | null => {
  if (!header) return null;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended);
    } catch {
      // A malformed escape: fall back to the plain name.
    }
  }
  return /filename="([^"]*)"/i.exec(header)?.[1] ?? null;
};

export type DownloadOptions = {
  params?: Record<string, string | number>;
  query?: QueryParams;
  /** The name to save under when the answer names none. */
  fallbackName: string;
};

/**
 * Downloads a file endpoint (`response: { kind: 'file' }`) with the session's token, which a
 * plain link cannot carry, and saves it under the name the server gives. Errors are the same
 * ApiError as every call (the server's message, else the spec's default texts).
 */
export const downloadFile = async (endpoint: Endpoint, options: DownloadOptions): Promise<void> => {
  let response: Response;
  try {
    response = await fetch(apiUrl(endpointPath(endpoint, options.params), options.query), {
      method: endpoint.method,
      headers: sessionHeaders('*/*'),
    });
  } catch {
    throw toApiError(0, null);
  }
  if (!response.ok) throw toApiError(response.status, await readJson(response));
  const blob = await response.blob();
  saveBlob(
    blob,
    fileNameFromDisposition(response.headers.get('Content-Disposition')) ?? options.fallbackName,
  );
};

/** Saves `blob` as a file named `name` (a download the browser starts, no new page). */
export const saveBlob = (blob: Blob, name: string): void => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the save; the object URL is released once the browser took it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
};
