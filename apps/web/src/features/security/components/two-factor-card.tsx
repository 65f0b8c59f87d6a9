import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type {
  TwoFactorCodeInput,
  TwoFactorDisableInput,
  TwoFactorSetup,
  TwoFactorStatus,
} from '@proxy/contract';
import { reportFormError } from '../../../shared/lib/form-errors';
import { lazyZodResolver } from '../../../shared/lib/lazy-zod-resolver';
import { sanitizeSvg } from '../../../shared/lib/sanitize-html';
import { Button, CurrentPasswordInput, FormInput, showAlert } from '../../../shared/ui';
import {
  useDisableTwoFactor,
  useEnableTwoFactor,
  useRegenerateRecoveryCodes,
  useSetupTwoFactor,
} from '../api/two-factor';

const codeResolver = lazyZodResolver<TwoFactorCodeInput>(() =>
  import('../../../shared/validation/profile-schemas').then((m) => m.twoFactorCodeSchema),
);
const disableResolver = lazyZodResolver<TwoFactorDisableInput>(() =>
  import('../../../shared/validation/profile-schemas').then((m) => m.twoFactorDisableSchema),
);

/** A one-field form asking for a code (confirming the set-up, new recovery codes). */
const CodeForm = ({
  submitLabel,
  onCode,
}: {
  submitLabel: string;
  onCode: (code: string) => Promise<void>;
}) => {
  const { t } = useTranslation('profile');
  const form = useForm<TwoFactorCodeInput>({ resolver: codeResolver, defaultValues: { code: '' } });
  const onSubmit = form.handleSubmit(async ({ code }) => {
    try {
      await onCode(code);
      form.reset();
    } catch (error) {
      reportFormError(error, form.setError, ['code'], { fallbackKey: 'errors.save' });
    }
  });
  return (
    <form className="form-grid" noValidate onSubmit={onSubmit} onFocus={codeResolver.preload}>
      <FormInput form={form} name="code" label={t('security.code')} autoComplete="one-time-code" />
      <div className="form-actions">
        <Button type="submit" isLoading={form.formState.isSubmitting}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
};

/** The recovery codes, shown once: after turning on and after regenerating. */
const RecoveryCodes = ({ codes, onDone }: { codes: string[]; onDone: () => void }) => {
  const { t } = useTranslation('profile');
  return (
    <div className="stack" role="status">
      <p>{t('security.recovery_codes_once')}</p>
      <ul className="recovery-codes" aria-label={t('security.recovery_codes')}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="form-actions">
        <Button variant="secondary" onClick={onDone}>
          {t('security.recovery_codes_saved')}
        </Button>
      </div>
    </div>
  );
};

/** Scanning the QR code or typing the secret, then confirming a current code. */
const SetupStep = ({
  setup,
  onCodes,
}: {
  setup: TwoFactorSetup;
  onCodes: (c: string[]) => void;
}) => {
  const { t } = useTranslation('profile');
  const enable = useEnableTwoFactor();
  return (
    <div className="stack">
      <p>{t('security.setup_scan')}</p>
      {/* Through DOMPurify like every HTML sink: the CSP asks for Trusted Types. */}
      <div
        className="two-factor-qr"
        role="img"
        aria-label={t('security.qr_label')}
        dangerouslySetInnerHTML={{ __html: sanitizeSvg(setup.qr_svg) }}
      />
      <p className="text-muted">{t('security.setup_manual')}</p>
      <code className="two-factor-secret" data-testid="two-factor-secret">
        {setup.secret}
      </code>
      <CodeForm
        submitLabel={t('security.confirm')}
        onCode={async (code) => {
          const response = await enable.mutateAsync({ code });
          showAlert.success(response.message);
          onCodes(response.recovery_codes);
        }}
      />
    </div>
  );
};

const DisableForm = () => {
  const { t } = useTranslation('profile');
  const disable = useDisableTwoFactor();
  const form = useForm<TwoFactorDisableInput>({
    resolver: disableResolver,
    defaultValues: { password: '', code: '' },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const response = await disable.mutateAsync(values);
      showAlert.success(response.message);
    } catch (error) {
      reportFormError(error, form.setError, ['password', 'code'], { fallbackKey: 'errors.save' });
    }
  });
  return (
    <form className="form-grid" noValidate onSubmit={onSubmit} onFocus={disableResolver.preload}>
      <h3 className="section-subtitle">{t('security.disable_title')}</h3>
      <CurrentPasswordInput form={form} name="password" label={t('security.password')} />
      <FormInput form={form} name="code" label={t('security.code')} autoComplete="one-time-code" />
      <div className="form-actions">
        <Button type="submit" variant="danger" isLoading={form.formState.isSubmitting}>
          {t('security.disable')}
        </Button>
      </div>
    </form>
  );
};

export const TwoFactorCard = ({ status }: { status: TwoFactorStatus }) => {
  const { t } = useTranslation('profile');
  const setup = useSetupTwoFactor();
  const regenerate = useRegenerateRecoveryCodes();
  const [pending, setPending] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);

  const start = async () => {
    try {
      setPending(await setup.mutateAsync(undefined));
    } catch (error) {
      showAlert.error(error instanceof Error ? error.message : t('security.failed'));
    }
  };

  let body;
  if (codes) body = <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />;
  else if (!status.enabled && pending)
    body = (
      <SetupStep
        setup={pending}
        onCodes={(issued) => {
          setPending(null);
          setCodes(issued);
        }}
      />
    );
  else if (!status.enabled)
    body = (
      <div className="stack">
        <p>{t('security.off_text')}</p>
        <div className="form-actions">
          <Button onClick={() => void start()} isLoading={setup.isPending}>
            {t('security.enable')}
          </Button>
        </div>
      </div>
    );
  else
    body = (
      <div className="stack">
        <p>{t('security.on_text', { count: status.recovery_codes_left })}</p>
        <h3 className="section-subtitle">{t('security.regenerate_title')}</h3>
        <CodeForm
          submitLabel={t('security.regenerate')}
          onCode={async (code) => {
            const response = await regenerate.mutateAsync({ code });
            showAlert.success(response.message);
            setCodes(response.recovery_codes);
          }}
        />
        <DisableForm />
      </div>
    );

  return (
    <section className="card stack" aria-labelledby="security-two-factor-title">
      <h2 id="security-two-factor-title" className="section-title">
        {t('security.two_factor_title')}{' '}
        <span className={status.enabled ? 'status-on' : 'status-off'}>
          {status.enabled ? t('security.status_on') : t('security.status_off')}
        </span>
      </h2>
      {body}
    </section>
  );
};
