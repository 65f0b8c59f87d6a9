import type { Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormInput, type FormBinding } from '../../../shared/ui';

/** The e-mail field of the auth forms: registered as `email`, typed and autocompleted as one. */
export const EmailField = <T extends { email: string }>({
  form,
  defaultValue,
}: {
  form: FormBinding<T>;
  defaultValue?: string;
}) => {
  const { t } = useTranslation('auth');
  return (
    <FormInput
      form={form}
      name={'email' as Path<T>}
      label={t('email')}
      type="email"
      autoComplete="email"
      defaultValue={defaultValue}
    />
  );
};
