import { useTranslation } from 'react-i18next';
import { downloadReport } from '../../../../shared/api/download-report';
import { ExportChoiceModal } from '../../../../shared/ui/export-choice';

export type ReportModalProps = { pkg: { id: number; package_key: string }; onClose: () => void };

/**
 * The statistics report period modal (spec section 2): period and format, both chosen before
 * Download is enabled; the file is the statistics page's report.
 */
export const ReportModal = ({ pkg, onClose }: ReportModalProps) => {
  const { t } = useTranslation('packages');
  return (
    <ExportChoiceModal
      title={t('download.report_title')}
      withPeriod
      onClose={onClose}
      onDownload={({ period, format }) => downloadReport(pkg.package_key, period, format)}
    >
      <p>{t('download.report_text', { id: pkg.id })}</p>
    </ExportChoiceModal>
  );
};
