import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  EXPORT_FORMATS,
  STATISTICS_PERIODS,
  type ExportFormat,
  type StatisticsPeriod,
} from '@proxy/contract';
import { apiErrorText } from '../api/api-error';
import { showAlert } from './alert-store';
import { ActionModal } from './action-modal';
import { labelledOptions } from './option-picker';
import { SelectField } from './select-field';

/** A download's choices: '' while not chosen. */
export type ExportChoice = { period: StatisticsPeriod | ''; format: ExportFormat | '' };
/** What a download runs with: a report has its period, a list download only a format. */
export type ChosenExport<P extends boolean = boolean> = { format: ExportFormat } & (P extends true
  ? { period: StatisticsPeriod }
  : { period?: StatisticsPeriod });

export const NO_EXPORT_CHOICE: ExportChoice = { period: '', format: '' };

/**
 * The download button is enabled only once the format (and, for a report, the period) is
 * chosen (spec section 5); answers the chosen values, or null.
 */
export const chosenExport = <P extends boolean>(
  choice: ExportChoice,
  withPeriod: P,
): ChosenExport<P> | null => {
  if (choice.format === '') return null;
  if (choice.period !== '') return { period: choice.period, format: choice.format };
  return withPeriod ? null : ({ format: choice.format } as ChosenExport<P>);
};

const isOneOf = <T extends string>(values: readonly T[], value: string): value is T =>
  (values as readonly string[]).includes(value);

export type ExportChoiceFieldsProps = {
  withPeriod: boolean;
  /** The formats offered; txt, csv and pdf by default. */
  formats?: readonly ExportFormat[];
  choice: ExportChoice;
  onChange: (choice: ExportChoice) => void;
};

/** A select of one of `values` ('' while none is chosen), led by a "Choose…" option. */
const ChoiceSelect = <T extends string>({
  label,
  values,
  value,
  optionLabel,
  onChange,
}: {
  label: string;
  values: readonly T[];
  value: T | '';
  optionLabel: (value: T) => string;
  onChange: (value: T | '') => void;
}) => {
  const { t } = useTranslation();
  return (
    <SelectField
      label={label}
      emptyLabel={t('download.choose')}
      options={labelledOptions(values, optionLabel)}
      value={value}
      onChange={(chosen) => onChange(isOneOf(values, chosen) ? chosen : '')}
    />
  );
};

/** Report period (daily, weekly, monthly, all) and file format (txt, csv, pdf). */
export const ExportChoiceFields = ({
  withPeriod,
  formats = EXPORT_FORMATS,
  choice,
  onChange,
}: ExportChoiceFieldsProps) => {
  const { t } = useTranslation();
  return (
    <>
      {withPeriod && (
        <ChoiceSelect
          label={t('download.period')}
          values={STATISTICS_PERIODS}
          value={choice.period}
          optionLabel={(period) => t(`download.periods.${period}`)}
          onChange={(period) => onChange({ ...choice, period })}
        />
      )}
      <ChoiceSelect
        label={t('download.format')}
        values={formats}
        value={choice.format}
        optionLabel={(format) => format.toUpperCase()}
        onChange={(format) => onChange({ ...choice, format })}
      />
    </>
  );
};

/**
 * The state of a download form: the choices, whether the file is on its way, and `download`,
 * which runs the caller's download with the chosen values; a failure is the server's message,
 * else base:errors.download_file (spec section 8).
 */
export const useExportDownload = <P extends boolean>(
  withPeriod: P,
  run: (chosen: ChosenExport<P>) => Promise<void>,
) => {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<ExportChoice>(NO_EXPORT_CHOICE);
  const [isDownloading, setDownloading] = useState(false);
  const chosen = chosenExport(choice, withPeriod);
  const download = async (): Promise<boolean> => {
    if (!chosen) return false;
    setDownloading(true);
    try {
      await run(chosen);
      return true;
    } catch (error) {
      showAlert.error(apiErrorText(error, t('errors.download_file')));
      return false;
    } finally {
      setDownloading(false);
    }
  };
  return { choice, setChoice, chosen, isDownloading, download };
};

export type ExportChoiceModalProps<P extends boolean> = {
  title: string;
  withPeriod: P;
  onClose: () => void;
  onDownload: (chosen: ChosenExport<P>) => Promise<void>;
  /** Text above the choices (what the file holds), or why there is nothing to download. */
  children?: ReactNode;
  /** Nothing to download (a package without lists): the button stays disabled. */
  isUnavailable?: boolean;
  formats?: readonly ExportFormat[];
};

/** A download modal: the choices, then Cancel and Download (enabled once all is chosen). */
export const ExportChoiceModal = <P extends boolean>({
  title,
  withPeriod,
  onClose,
  onDownload,
  children,
  isUnavailable = false,
  formats,
}: ExportChoiceModalProps<P>) => {
  const { t } = useTranslation();
  const form = useExportDownload(withPeriod, onDownload);
  return (
    <ActionModal
      title={title}
      onClose={onClose}
      confirmLabel={t('download.confirm')}
      onConfirm={() => void form.download().then((isDone) => isDone && onClose())}
      isPending={form.isDownloading}
      isConfirmDisabled={!form.chosen || isUnavailable}
    >
      {children}
      <ExportChoiceFields
        withPeriod={withPeriod}
        {...(formats ? { formats } : {})}
        choice={form.choice}
        onChange={form.setChoice}
      />
    </ActionModal>
  );
};
