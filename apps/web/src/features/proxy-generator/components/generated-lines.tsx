import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { EXPORT_CONTENT_TYPES, exportFileName } from '@proxy/contract';
import { saveBlob } from '../../../shared/api/download-file';
import { useCopy } from '../../../shared/lib/use-copy';
import { Button } from '../../../shared/ui';
import { linesFile } from '../utils/generator-rules';

const FILE_FORMATS = ['txt', 'csv'] as const;

/** The generated lines, read-only, with copy-all (5 s confirmation) and txt/csv downloads. */
export const GeneratedLines = ({ lines, packageId }: { lines: string[]; packageId: number }) => {
  const { t } = useTranslation('packages');
  const id = useId();
  const { copied, copy } = useCopy();
  const text = lines.join('\n');
  const isCopied = copied === text;
  return (
    <div className="generator-result">
      <label htmlFor={`${id}-lines`} className="field__label">
        {t('generator.result', { count: lines.length })}
      </label>
      <textarea
        id={`${id}-lines`}
        className="field__input generator-result__lines"
        readOnly
        rows={Math.min(lines.length, 10)}
        value={text}
        spellCheck={false}
      />
      <div className="generator-result__actions">
        <Button variant="secondary" size="sm" onClick={() => void copy(text)} aria-live="polite">
          {isCopied ? t('generator.copied') : t('generator.copy_all')}
        </Button>
        {FILE_FORMATS.map((format) => (
          <Button
            key={format}
            variant="secondary"
            size="sm"
            onClick={() =>
              saveBlob(
                new Blob([linesFile(lines, format, t('export.proxy'))], {
                  type: EXPORT_CONTENT_TYPES[format],
                }),
                exportFileName(`generator-${packageId}`, format),
              )
            }
          >
            {t('generator.download', { format: format.toUpperCase() })}
          </Button>
        ))}
      </div>
    </div>
  );
};
