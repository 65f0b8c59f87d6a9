import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { translateFieldError } from '../lib/form-errors';
import { Input, type InputProps } from './input';

/** The parts of a react-hook-form instance a bound field needs. */
export type FormBinding<T extends FieldValues> = Pick<
  UseFormReturn<T>,
  'register' | 'getFieldState' | 'formState' | 'getValues'
>;

export type FormInputProps<T extends FieldValues> = Omit<InputProps, 'name' | 'error' | 'form'> & {
  form: FormBinding<T>;
  name: Path<T>;
};

/**
 * An <Input> registered on a form, showing its field error (contract keys translated). Its
 * default value is in the markup too: react-hook-form fills a registered field only once it is
 * mounted, and a screen drawn before the app runs (src/app/prerender.tsx) shows it filled.
 */
export const FormInput = <T extends FieldValues>({ form, name, ...props }: FormInputProps<T>) => {
  const { error } = form.getFieldState(name, form.formState);
  const initial: unknown = form.getValues(name);
  return (
    <Input
      {...props}
      defaultValue={typeof initial === 'string' ? initial : undefined}
      error={translateFieldError(error?.message)}
      {...form.register(name)}
    />
  );
};

/** The password the user has now: signing in, confirming a password change. */
export const CurrentPasswordInput = <T extends FieldValues>(
  props: Omit<FormInputProps<T>, 'type' | 'autoComplete'>,
) => <FormInput {...props} type="password" autoComplete="current-password" />;

type NewPasswordValues = { password: string; password_confirmation: string };

export type NewPasswordFieldsProps<T extends NewPasswordValues> = {
  form: FormBinding<T>;
  passwordLabel: string;
  confirmationLabel: string;
};

/** "Password" + "Confirm password" of the register, reset and profile forms. */
export const NewPasswordFields = <T extends NewPasswordValues>({
  form,
  passwordLabel,
  confirmationLabel,
}: NewPasswordFieldsProps<T>) => {
  const newPassword = (name: keyof NewPasswordValues, label: string) => (
    <FormInput
      form={form}
      name={name as Path<T>}
      label={label}
      type="password"
      autoComplete="new-password"
    />
  );
  return (
    <>
      {newPassword('password', passwordLabel)}
      {newPassword('password_confirmation', confirmationLabel)}
    </>
  );
};
