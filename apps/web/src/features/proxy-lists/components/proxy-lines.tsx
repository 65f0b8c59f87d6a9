import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExportFormat } from '@proxy/contract';
import { useCopy } from '../../../shared/lib/use-copy';
import { Button, DownloadFormatModal } from '../../../shared/ui';

export type ProxyLinesProps = {
  label: string;
  lines: readonly string[];
  /** The download modal's title and what it saves. */
  downloadTitle: string;
  download: (format: ExportFormat) => Promise<void>;
  /** More actions beside copy and download (the ISP swap). */
  actions?: ReactNode;
};

/**
 * A list's lines as printed, read-only, with copy-all (confirmed for 5 s, spec section 9) and
 * download in a chosen format.
 */
export const ProxyLines = ({ label, lines, downloadTitle, download, actions }: ProxyLinesProps) => {
  const { t } = useTranslation('packages');
  const id = useId();
  const { copied, copy } = useCopy();
  const [isDownloading, setDownloading] = useState(false);
  const text = lines.join('\n');
  const isCopied = copied === text;
  return (
    <div className="proxy-lines stack">
      <div className="field">
        <label className="field__label" htmlFor={id}>
          {label} ({lines.length})
        </label>
        <textarea
          id={id}
          className="field__input proxy-lines__text"
          readOnly
          rows={Math.min(12, Math.max(3, lines.length))}
          value={text}
        />
      </div>
      <div className="proxy-lines__actions">
        <Button
          variant="secondary"
          size="sm"
          aria-label={isCopied ? t('proxy_lists.copied_all') : t('proxy_lists.copy_all')}
          onClick={() => void copy(text)}
          disabled={lines.length === 0}
        >
          {isCopied ? t('copy.copied') : t('proxy_lists.copy_all')}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => setDownloading(true)}>
          {t('row.download')}
        </Button>
        {actions}
      </div>
      {isDownloading && (
        <DownloadFormatModal
          title={downloadTitle}
          download={download}
          onClose={() => setDownloading(false)}
        />
      )}
    </div>
  );
};
