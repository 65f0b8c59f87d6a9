import { useTranslation } from 'react-i18next';
import { EXPORT_CONTENT_TYPES, exportFileName } from '@proxy/contract';
import { saveBlob } from '../../../shared/api/download-file';
import { ProxyLines } from '../../../shared/ui/proxy-lines';
import { linesFile } from '../utils/generator-rules';

/** Generated lines are files made in the browser: txt and csv (decision 135). */
const FILE_FORMATS = ['txt', 'csv'] as const;

/** The generated lines, read-only, with copy-all (5 s confirmation) and a txt or csv download. */
export const GeneratedLines = ({ lines, packageId }: { lines: string[]; packageId: number }) => {
  const { t } = useTranslation('packages');
  return (
    <ProxyLines
      label={t('generator.result')}
      lines={lines}
      downloadTitle={t('generator.download_title')}
      formats={FILE_FORMATS}
      download={(format) => {
        // Not offered: a PDF needs the server's writer (the modal reports the failure).
        if (format === 'pdf') return Promise.reject(new Error('generated lines have no pdf file'));
        saveBlob(
          new Blob([linesFile(lines, format, t('export.proxy'))], {
            type: EXPORT_CONTENT_TYPES[format],
          }),
          exportFileName(`generator-${packageId}`, format),
        );
        return Promise.resolve();
      }}
    />
  );
};
