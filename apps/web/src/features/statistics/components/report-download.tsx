import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadReport } from '../../../shared/api/download-report';
import { Button } from '../../../shared/ui';
import { ExportChoiceFields, useExportDownload } from '../../../shared/ui/export-choice';

/** Report period and format, both to be chosen before the button is enabled (spec section 5). */
export const ReportDownload = ({ packageKey }: { packageKey: string }) => {
  const { t } = useTranslation('statistics');
  const id = useId();
  const form = useExportDownload(true, ({ period, format }) =>
    downloadReport(packageKey, period, format),
  );
  return (
    <section className="card statistics-report" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="statistics-section-title">
        {t('report.title')}
      </h2>
      <div className="statistics-report__fields">
        <ExportChoiceFields withPeriod choice={form.choice} onChange={form.setChoice} />
        <Button
          disabled={!form.chosen}
          isLoading={form.isDownloading}
          onClick={() => void form.download()}
        >
          {t('report.download')}
        </Button>
      </div>
    </section>
  );
};
