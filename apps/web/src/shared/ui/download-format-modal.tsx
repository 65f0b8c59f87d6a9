import type { ExportFormat } from '@proxy/contract';
import { ExportChoiceModal } from './export-choice';

export type DownloadFormatModalProps = {
  title: string;
  /** Saves the file in the chosen format; a failure shows the server's message or the default. */
  download: (format: ExportFormat) => Promise<void>;
  /** The formats offered; txt, csv and pdf by default. */
  formats?: readonly ExportFormat[];
  onClose: () => void;
};

/**
 * The download modal (spec "download proxy list (format choice)"): txt, pdf or csv, the button
 * enabled once a format is chosen (spec section 5); the shared download form without a period.
 */
export const DownloadFormatModal = ({
  title,
  download,
  formats,
  onClose,
}: DownloadFormatModalProps) => (
  <ExportChoiceModal
    title={title}
    withPeriod={false}
    {...(formats ? { formats } : {})}
    onClose={onClose}
    onDownload={({ format }) => download(format)}
  />
);
