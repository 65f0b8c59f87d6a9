import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EXPORT_FORMATS, type ExportFormat } from '@proxy/contract';
import { isApiError } from '../api/api-error';
import { ActionModal } from './action-modal';
import { showAlert } from './alert-store';

export type DownloadFormatModalProps = {
  title: string;
  /** Saves the file in the chosen format; a failure shows the server's message or the default. */
  download: (format: ExportFormat) => Promise<void>;
  onClose: () => void;
};

/**
 * The download modal (spec "download proxy list (format choice)"): txt, pdf or csv, the button
 * enabled once a format is chosen (spec section 5); it closes when the file is saved, and a
 * failure shows the server's message, else base:errors.download_file.
 */
export const DownloadFormatModal = ({ title, download, onClose }: DownloadFormatModalProps) => {
  const { t } = useTranslation();
  const id = useId();
  const [format, setFormat] = useState<ExportFormat | ''>('');
  const [isPending, setPending] = useState(false);
  const save = async () => {
    if (!format) return;
    setPending(true);
    try {
      await download(format);
      onClose();
    } catch (error) {
      showAlert.error(
        isApiError(error) && !error.isTransport && error.message
          ? error.message
          : t('errors.download_file'),
      );
    } finally {
      setPending(false);
    }
  };
  return (
    <ActionModal
      title={title}
      onClose={onClose}
      confirmLabel={t('download.confirm')}
      onConfirm={() => void save()}
      isPending={isPending}
      isConfirmDisabled={!format}
    >
      <div className="field">
        <label className="field__label" htmlFor={id}>
          {t('download.format')}
        </label>
        <select
          id={id}
          className="field__input"
          value={format}
          onChange={(event) =>
            setFormat(EXPORT_FORMATS.find((value) => value === event.target.value) ?? '')
          }
        >
          <option value="">{t('download.choose')}</option>
          {EXPORT_FORMATS.map((value) => (
            <option key={value} value={value}>
              {value.toUpperCase()}
            </option>
          ))}
        </select>
      </div>
    </ActionModal>
  );
};
