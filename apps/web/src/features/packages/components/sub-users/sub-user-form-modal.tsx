import { useId, useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import {
  FORM_ERROR_KEY,
  limitBytesAsGbText,
  localDayOf,
  subUserFormSchema,
  type SubUser,
  type SubUserFormOutput,
  type SubUserFormValues,
  type UpdateSubUserInput,
} from '@proxy/contract';
import { isApiError } from '../../../../shared/api/api-error';
import { reportFormError } from '../../../../shared/lib/form-errors';
import { Button, CancelButton, FormInput, Modal, showAlert } from '../../../../shared/ui';
import { useCreateSubUser } from '../../api/create-sub-user';
import { useUpdateSubUser } from '../../api/update-sub-user';
import { Switch } from './sub-user-switch';

/** Each form field and the request field it becomes (server field errors come back by the latter). */
const REQUEST_FIELD = {
  name: 'name',
  limit_gb: 'traffic_limit_bytes',
  expires_on: 'expires_at',
  enabled: 'enabled',
} as const satisfies Record<keyof SubUserFormValues, keyof SubUserFormOutput>;
const FORM_FIELDS = Object.keys(REQUEST_FIELD) as (keyof SubUserFormValues)[];

export type SubUserFormModalProps = {
  packageId: number;
  /** The sub-user to edit; none: create one. */
  subUser?: SubUser;
  onClose: () => void;
};

/**
 * Create or edit a sub-user: name, a limit in GB (empty: none of its own), the last day it works
 * (empty: never) and, when editing, its switch. The contract's form schema checks the fields
 * and turns them into the request; an edit sends only the fields changed, so a sub-user whose
 * expiry has passed can be renamed without choosing a new day.
 */
export const SubUserFormModal = ({ packageId, subUser, onClose }: SubUserFormModalProps) => {
  const { t } = useTranslation('packages');
  const id = useId();
  const create = useCreateSubUser();
  const update = useUpdateSubUser();
  const keptExpiry = subUser?.expires_at ? localDayOf(subUser.expires_at) : null;
  const resolver = useMemo(
    () =>
      zodResolver(subUserFormSchema({ today: localDayOf(new Date().toISOString()), keptExpiry })),
    [keptExpiry],
  );
  const form = useForm<SubUserFormValues, unknown, SubUserFormOutput>({
    resolver,
    defaultValues: {
      name: subUser?.name ?? '',
      limit_gb: limitBytesAsGbText(subUser?.traffic_limit_bytes ?? null),
      expires_on: keptExpiry ?? '',
      enabled: subUser?.enabled ?? true,
    },
  });
  const { isSubmitting, dirtyFields } = form.formState;

  const save = async (body: SubUserFormOutput) => {
    if (!subUser) return create.mutateAsync({ packageId, body });
    const changes: UpdateSubUserInput = {};
    for (const field of FORM_FIELDS) {
      if (!dirtyFields[field]) continue;
      const requestField = REQUEST_FIELD[field];
      Object.assign(changes, { [requestField]: body[requestField] });
    }
    if (Object.keys(changes).length === 0) return subUser;
    return update.mutateAsync({ packageId, subUserId: subUser.id, body: changes });
  };

  const submit = form.handleSubmit(async (body) => {
    try {
      const saved = await save(body);
      showAlert.success(
        t(subUser ? 'sub_users.form.saved' : 'sub_users.form.created', { name: saved.name }),
      );
      onClose();
    } catch (error) {
      if (isApiError(error))
        for (const field of FORM_FIELDS) {
          const message = error.fieldErrors[REQUEST_FIELD[field]]?.[0];
          if (message) form.setError(field, { type: 'server', message });
        }
      reportFormError(error, form.setError, [], {
        fallbackKey: 'packages:sub_users.form.error',
        // A refusal of the whole form (too many sub-users, not a traffic package) is said as such.
        describe: (apiError) => apiError.fieldErrors[FORM_ERROR_KEY]?.[0] ?? apiError.message,
      });
    }
  });

  return (
    <Modal
      isOpen
      onClose={onClose}
      title={
        subUser
          ? t('sub_users.form.edit_title', { name: subUser.name })
          : t('sub_users.form.create_title')
      }
      footer={
        <>
          <CancelButton onClick={onClose} />
          <Button type="submit" form={id} isLoading={isSubmitting} disabled={isSubmitting}>
            {subUser ? t('sub_users.form.save') : t('sub_users.form.create')}
          </Button>
        </>
      }
    >
      <form id={id} className="stack" noValidate onSubmit={(event) => void submit(event)}>
        <fieldset className="sub-user-form" disabled={isSubmitting}>
          <FormInput
            form={form}
            name="name"
            label={t('sub_users.form.name')}
            hint={t('sub_users.form.name_hint')}
            autoComplete="off"
          />
          <FormInput
            form={form}
            name="limit_gb"
            label={t('sub_users.form.limit_gb')}
            hint={t('sub_users.form.limit_hint')}
            inputMode="decimal"
            autoComplete="off"
          />
          <FormInput
            form={form}
            name="expires_on"
            type="date"
            label={t('sub_users.form.expires_on')}
            hint={t('sub_users.form.expires_hint')}
          />
          {subUser && (
            <Controller
              control={form.control}
              name="enabled"
              render={({ field }) => (
                <div className="auto-renew">
                  <Switch
                    isOn={field.value}
                    label={t('sub_users.form.enabled')}
                    onToggle={() => field.onChange(!field.value)}
                  />
                  <span aria-hidden="true">{t('sub_users.form.enabled')}</span>
                </div>
              )}
            />
          )}
        </fieldset>
      </form>
    </Modal>
  );
};
