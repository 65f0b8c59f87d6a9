import { useId } from 'react';
import { useForm, useWatch, type Path, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import {
  AUTH_TYPES,
  PROXY_LINK_FORMATS,
  ROTATION_PERIODS,
  createProxyListSchema,
  proxyFormatsOf,
  type AuthType,
  type CreateProxyList,
} from '@proxy/contract';
import { reportFormError, translateFieldError } from '../../../shared/lib/form-errors';
import {
  Button,
  CancelButton,
  FieldError,
  FormInput,
  OptionSelect,
  SideModal,
  labelledOptions,
} from '../../../shared/ui';
import { useCreateProxyList } from '../api/create-proxy-list';
import {
  LOCATION_LEVELS,
  changeLevel,
  changePreset,
  defaultListFormValues,
  randomListLogin,
  type ListFormValues,
  type LocationLevel,
} from '../utils/list-form';
import { LocationFields } from './location-fields';
import '../proxy-lists.css';

const resolver = zodResolver(createProxyListSchema) as unknown as Resolver<
  ListFormValues,
  unknown,
  CreateProxyList
>;

const FIELDS = Object.keys(defaultListFormValues()) as Path<ListFormValues>[];

/** The fields the form's other fields depend on. */
const WATCHED = [
  'location_preset',
  'countries',
  'region',
  'city',
  'isp',
  'auth_type',
  'login',
  'rotation_period',
  'proxy_link_format',
  'proxy_format',
] as const satisfies readonly (keyof ListFormValues)[];

export type CreateListModalProps = {
  packageId: number;
  onClose: () => void;
  /** The list was made (success true): open its view. */
  onCreated: (listId: number) => void;
};

/** A rotation option's text: none, every request, or every N minutes. */
const useRotationLabel = () => {
  const { t } = useTranslation('packages');
  return (seconds: number) =>
    seconds === -1
      ? t('proxy_create.rotation_none')
      : seconds === 0
        ? t('proxy_create.rotation_request')
        : t('proxy_create.rotation_minutes', { count: seconds / 60 });
};

/**
 * The create-list side modal (spec sections 4, 5, 9): name, location, authentication (a
 * read-only random login, or a required IPv4 whitelist), rotation, link and proxy format,
 * ports_count; validated by the contract's schema, server field errors shown on their fields.
 */
export const CreateListModal = ({ packageId, onClose, onCreated }: CreateListModalProps) => {
  const { t } = useTranslation('packages');
  const id = useId();
  const create = useCreateProxyList();
  const rotationLabel = useRotationLabel();
  const form = useForm<ListFormValues, unknown, CreateProxyList>({
    resolver,
    defaultValues: defaultListFormValues(),
  });
  // Named fields: a fresh array on every change (the whole-form watch keeps one object).
  const watched = useWatch({ control: form.control, name: WATCHED });
  const values = Object.fromEntries(WATCHED.map((name, index) => [name, watched[index]])) as Pick<
    ListFormValues,
    (typeof WATCHED)[number]
  >;
  const { errors, isSubmitting } = form.formState;
  const set = <K extends Path<ListFormValues>>(
    name: K,
    value: ListFormValues[K & keyof ListFormValues],
  ) =>
    form.setValue(name, value as never, {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });

  const setLocation = (next: Pick<ListFormValues, LocationLevel>) => {
    for (const level of LOCATION_LEVELS) set(level, next[level] as never);
  };

  const changeAuthType = (authType: AuthType) => {
    set('auth_type', authType);
    // Formats differ per auth type: back to the first one (spec section 4).
    set('proxy_format', 0);
    if (authType === AUTH_TYPES.login && !values.login) set('login', randomListLogin());
  };

  const submit = form.handleSubmit(async (body) => {
    try {
      const result = await create.mutateAsync({ packageId, body });
      if (result.success) onCreated(result.list_id);
    } catch (error) {
      reportFormError(error, form.setError, FIELDS, {
        fallbackKey: 'packages:proxy_create.errors.create',
      });
    }
  });

  const formats = proxyFormatsOf(values.auth_type);
  const whiteListError = translateFieldError(errors.white_list?.message);

  return (
    <SideModal
      isOpen
      onClose={onClose}
      title={t('proxy_create.title')}
      footer={
        <>
          <CancelButton onClick={onClose} />
          <Button type="submit" form={id} isLoading={isSubmitting}>
            {t('proxy_create.submit')}
          </Button>
        </>
      }
    >
      <form
        id={id}
        className="proxy-list-form stack"
        noValidate
        onSubmit={(event) => void submit(event)}
      >
        <fieldset className="proxy-list-form__fields stack" disabled={isSubmitting}>
          <FormInput form={form} name="name" label={t('proxy_create.name')} autoComplete="off" />
          <LocationFields
            values={values}
            errors={{
              location_preset: errors.location_preset?.message,
              countries: errors.countries?.message,
              region: errors.region?.message,
              city: errors.city?.message,
              isp: errors.isp?.message,
            }}
            onPreset={(preset) => {
              set('location_preset', preset);
              setLocation(changePreset(values, preset));
            }}
            onLevel={(level, value) => setLocation(changeLevel(values, level, value))}
          />
          <fieldset className="proxy-list-form__group">
            <legend>{t('proxy_create.auth_type')}</legend>
            {([AUTH_TYPES.login, AUTH_TYPES.ip] as const).map((authType) => (
              <label key={authType} className="proxy-list-form__radio">
                <input
                  type="radio"
                  name="auth_type"
                  checked={values.auth_type === authType}
                  onChange={() => changeAuthType(authType)}
                />
                <span>{t(`proxy_create.auth_types.${authType}`)}</span>
              </label>
            ))}
          </fieldset>
          {values.auth_type === AUTH_TYPES.login ? (
            <FormInput form={form} name="login" label={t('proxy_create.login')} readOnly />
          ) : (
            <div className={whiteListError ? 'field field--invalid' : 'field'}>
              <label className="field__label" htmlFor={`${id}-white-list`}>
                {t('proxy_create.white_list')}
              </label>
              <textarea
                id={`${id}-white-list`}
                className="field__input"
                rows={3}
                required
                aria-invalid={whiteListError ? true : undefined}
                aria-describedby={`${id}-white-list-hint ${id}-white-list-error`}
                {...form.register('white_list')}
              />
              <p id={`${id}-white-list-hint`} className="field__hint">
                {t('proxy_create.white_list_hint')}
              </p>
              <FieldError id={`${id}-white-list-error`} text={whiteListError} />
            </div>
          )}
          <OptionSelect
            label={t('proxy_create.rotation')}
            options={ROTATION_PERIODS.map((seconds) => ({
              value: String(seconds),
              label: rotationLabel(seconds),
            }))}
            value={String(values.rotation_period)}
            onChange={(value) => set('rotation_period', Number(value ?? ROTATION_PERIODS[0]))}
            emptyLabel={t('proxy_create.choose')}
            error={translateFieldError(errors.rotation_period?.message)}
          />
          <OptionSelect
            label={t('proxy_create.link_format')}
            options={labelledOptions(PROXY_LINK_FORMATS, (format) =>
              t(`proxy_create.link_formats.${format}`),
            )}
            value={values.proxy_link_format}
            onChange={(value) =>
              set('proxy_link_format', value === 'ip' ? 'ip' : PROXY_LINK_FORMATS[0])
            }
            emptyLabel={t('proxy_create.choose')}
          />
          <OptionSelect
            label={t('proxy_create.proxy_format')}
            options={formats.map((format, index) => ({ value: String(index), label: format }))}
            value={String(values.proxy_format)}
            onChange={(value) => set('proxy_format', Number(value ?? 0))}
            emptyLabel={t('proxy_create.choose')}
            error={translateFieldError(errors.proxy_format?.message)}
          />
          <FormInput
            form={form}
            name="ports_count"
            label={t('proxy_create.ports_count')}
            inputMode="numeric"
            hint={t('proxy_create.ports_count_hint')}
          />
        </fieldset>
      </form>
    </SideModal>
  );
};
