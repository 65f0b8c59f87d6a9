import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STATISTICS_PERIODS, type ExportFormat, type StatisticsPeriod } from '@proxy/contract';
import { Button, ExportFormatSelect, showAlert } from '../../../shared/ui';
import { downloadReport } from '../api/download-report';

const isOneOf = <T extends string>(values: readonly T[], value: string): value is T =>
  (values as readonly string[]).includes(value);

/** Report period and format, both to be chosen before the button is enabled (spec section 5). */
export const ReportDownload = ({ packageKey }: { packageKey: string }) => {
  const { t } = useTranslation('statistics');
  const id = useId();
  const [period, setPeriod] = useState<StatisticsPeriod | ''>('');
  const [format, setFormat] = useState<ExportFormat | ''>('');
  const [isDownloading, setDownloading] = useState(false);

  const download = async () => {
    if (!period || !format) return;
    setDownloading(true);
    try {
      await downloadReport(packageKey, period, format);
    } catch (error) {
      showAlert.error(error instanceof Error && error.message ? error.message : t('report.error'));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <section className="card statistics-report" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="statistics-section-title">
        {t('report.title')}
      </h2>
      <div className="statistics-report__fields">
        <div className="field">
          <label className="field__label" htmlFor={`${id}-period`}>
            {t('report.period')}
          </label>
          <select
            id={`${id}-period`}
            className="field__input"
            value={period}
            onChange={(event) =>
              setPeriod(isOneOf(STATISTICS_PERIODS, event.target.value) ? event.target.value : '')
            }
          >
            <option value="">{t('report.choose')}</option>
            {STATISTICS_PERIODS.map((value) => (
              <option key={value} value={value}>
                {t(`periods.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <ExportFormatSelect
          label={t('report.format')}
          chooseLabel={t('report.choose')}
          value={format}
          onChange={setFormat}
        />
        <Button
          disabled={!period || !format}
          isLoading={isDownloading}
          onClick={() => void download()}
        >
          {t('report.download')}
        </Button>
      </div>
    </section>
  );
};
