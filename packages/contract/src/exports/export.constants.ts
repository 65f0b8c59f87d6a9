import { z } from 'zod';
import { VALIDATION_KEYS } from '../common/validation.ts';

/** The spec's download formats (proxy lists, ISP lists, statistics reports). */
export const EXPORT_FORMATS = ['txt', 'csv', 'pdf'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  pdf: 'application/pdf',
};

/** A format in a path or query (`/export/proxy-list/:fileType/...`): one of EXPORT_FORMATS. */
export const exportFormatSchema = z.enum(EXPORT_FORMATS, { error: VALIDATION_KEYS.invalidType });

/**
 * A download's file name: `{base}.{format}` with everything but letters, digits, `-` and `_`
 * replaced, so a list's name never breaks the Content-Disposition header or a file system.
 */
export const exportFileName = (base: string, format: ExportFormat): string => {
  const safe = base.replace(/[^\p{L}\p{N}_-]+/gu, '_').replace(/^_+|_+$/g, '');
  return `${safe || 'export'}.${format}`;
};
