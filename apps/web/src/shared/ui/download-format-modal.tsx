import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EXPORT_FORMATS, type ExportFormat } from '@proxy/contract';
import { apiErrorText } from '../api/api-error';
import { ActionModal } from './action-modal';
import { showAlert } from './alert-store';

export type ExportFormatSelectProps = {
  label: string;
  /** The empty first choice: nothing is chosen yet. */
  chooseLabel: string;
  value: ExportFormat | '';
  onChange: (format: ExportFormat | '') => void;
};

/** A download format (txt, csv, pdf), none chosen at first (spec section 5). */
export const ExportFormatSelect = ({
  label,
  chooseLabel,
  value,
  onChange,
}: ExportFormatSelectProps) => {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="field__input"
        value={value}
        onChange={(event) =>
          onChange(EXPORT_FORMATS.find((format) => format === event.target.value) ?? '')
        }
      >
        <option value="">{chooseLabel}</option>
        {EXPORT_FORMATS.map((format) => (
          <option key={format} value={format}>
            {format.toUpperCase()}
          </option>
        ))}
      </select>
    </div>
  );
};

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
  const [format, setFormat] = useState<ExportFormat | ''>('');
  const [isPending, setPending] = useState(false);
  const save = async () => {
    if (!format) return;
    setPending(true);
    try {
      await download(format);
      onClose();
    } catch (error) {
      showAlert.error(apiErrorText(error, t('errors.download_file')));
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
      <ExportFormatSelect
        label={t('download.format')}
        chooseLabel={t('download.choose')}
        value={format}
        onChange={setFormat}
      />
    </ActionModal>
  );
};
