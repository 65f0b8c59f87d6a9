import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import {
  packageAlertsFormSchema,
  type PackageAlerts,
  type PackageAlertsFormValues,
} from '@proxy/contract';
import { reportFormError } from '../../../../shared/lib/form-errors';
import { Button, FormInput, QueryState, showAlert } from '../../../../shared/ui';
import { usePackageAlerts } from '../../api/get-package-alerts';
import { useSetPackageAlerts } from '../../api/set-package-alerts';

const asText = (values: number[]) => values.join(', ');

/**
 * The panel's Alerts (decision 184): traffic percentages used (traffic packages only) and days
 * before the expiry, typed as "50, 80, 95" and checked by the contract's rules before they are
 * sent. Each alert comes once per period, on the channels of the notification settings.
 */
export const AlertsSection = ({ packageId }: { packageId: number }) => {
  const { t } = useTranslation(['packages', 'base']);
  const query = usePackageAlerts(packageId);
  return (
    <section className="package-alerts" aria-labelledby={`package-alerts-${packageId}`}>
      <h3 id={`package-alerts-${packageId}`} className="package-alerts__title">
        {t('alerts.title')}
      </h3>
      <p className="package-alerts__description">{t('alerts.description')}</p>
      <QueryState
        query={query}
        texts={{
          loading: t('modals.loading'),
          error: t('base:errors.fetch'),
          retry: t('refresh'),
        }}
      >
        {(alerts) => (
          <AlertsForm
            // A new answer (saved elsewhere, another package) starts the form afresh.
            key={`${asText(alerts.traffic_percents)}|${asText(alerts.expiry_days)}`}
            packageId={packageId}
            alerts={alerts}
          />
        )}
      </QueryState>
    </section>
  );
};

type AlertsFormProps = {
  packageId: number;
  alerts: PackageAlerts & { has_traffic: boolean; has_expiry: boolean };
};

const AlertsForm = ({ packageId, alerts }: AlertsFormProps) => {
  const { t } = useTranslation('packages');
  const save = useSetPackageAlerts();
  const form = useForm<PackageAlertsFormValues, unknown, PackageAlerts>({
    resolver: zodResolver(packageAlertsFormSchema),
    defaultValues: {
      traffic_percents: asText(alerts.traffic_percents),
      expiry_days: asText(alerts.expiry_days),
    },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: packageId, alerts: values });
      showAlert.success(t('alerts.saved'));
    } catch (error) {
      reportFormError(error, form.setError, ['traffic_percents', 'expiry_days'], {
        fallbackKey: 'packages:alerts.save_error',
      });
    }
  });
  const isBusy = form.formState.isSubmitting || save.isPending;
  return (
    <form className="package-alerts__form" noValidate onSubmit={(event) => void submit(event)}>
      <fieldset className="package-alerts__fields" disabled={isBusy}>
        {alerts.has_traffic && (
          <FormInput
            form={form}
            name="traffic_percents"
            label={t('alerts.traffic_percents')}
            hint={t('alerts.traffic_hint')}
            inputMode="numeric"
            autoComplete="off"
          />
        )}
        {alerts.has_expiry && (
          <FormInput
            form={form}
            name="expiry_days"
            label={t('alerts.expiry_days')}
            hint={t('alerts.expiry_hint')}
            inputMode="numeric"
            autoComplete="off"
          />
        )}
      </fieldset>
      <Button type="submit" variant="secondary" size="sm" isLoading={isBusy} disabled={isBusy}>
        {t('alerts.save')}
      </Button>
    </form>
  );
};
