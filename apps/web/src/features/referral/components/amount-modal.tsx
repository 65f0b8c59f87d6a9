import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { formatDollars, toCents, transferReferralSchema, withdrawalSchema } from '@proxy/contract';
import { isApiError } from '../../../shared/api/api-error';
import { currentLanguage, translateDynamic } from '../../../shared/i18n/i18n';
import { translateFieldError } from '../../../shared/lib/form-errors';
import { Button, Input, SideModal, showAlert } from '../../../shared/ui';
import { useTransferReferral } from '../api/transfer-referral-balance';
import { useWithdraw } from '../api/withdraw';
import { acceptAmountInput } from '../utils/amount-input';

type Kind = 'transfer' | 'withdraw';
type Values = { amount: string; address: string; two_factor_code?: string };

const MIN = { transfer: 1, withdraw: 100 } as const;

/** Contract keys of the referral namespace; the minimum is interpolated. */
const errorText = (message: string | undefined, kind: Kind) => {
  if (!message) return undefined;
  if (message.startsWith('referral:'))
    return translateDynamic(message, { min: formatDollars(MIN[kind], currentLanguage()) });
  return translateFieldError(message);
};

export type AmountModalProps = {
  kind: Kind;
  balance: number;
  onClose: () => void;
  onDone: () => void;
  /** Then a withdrawal asks for a code. */
  isTwoFactorEnabled: boolean;
};

/**
 * The Transfer and Withdraw side modals (spec 000 section 5), mounted while open: each opening
 * starts from the balance. Closes after submit either way.
 */
export const AmountModal = ({
  kind,
  balance,
  onClose,
  onDone,
  isTwoFactorEnabled,
}: AmountModalProps) => {
  const { t } = useTranslation('referral');
  const transfer = useTransferReferral();
  const withdraw = useWithdraw();
  const balanceCents = toCents(balance);
  const schema =
    kind === 'transfer' ? transferReferralSchema(balanceCents) : withdrawalSchema(balanceCents);
  const [amountText, setAmountText] = useState(String(balance));
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver: zodResolver(
      kind === 'transfer' ? schema.pick({ amount: true }).passthrough() : schema,
    ) as never,
    values: { amount: String(balance), address: '', two_factor_code: '' },
  });
  const texts = kind === 'transfer' ? 'transfer_modal' : 'withdraw_modal';

  const onSubmit = handleSubmit(async (values) => {
    const amount = Number(values.amount);
    try {
      const response =
        kind === 'transfer'
          ? await transfer.mutateAsync({ amount })
          : await withdraw.mutateAsync({
              amount,
              address: values.address.trim(),
              ...(values.two_factor_code ? { two_factor_code: values.two_factor_code.trim() } : {}),
            });
      showAlert.success(response.message);
    } catch (error) {
      const fallback = t(kind === 'transfer' ? 'errors.transfer' : 'errors.withdraw');
      const fieldText = isApiError(error) ? Object.values(error.fieldErrors).flat()[0] : undefined;
      showAlert.error(
        isApiError(error) && !error.isTransport
          ? (fieldText ?? error.message) || fallback
          : fallback,
      );
    }
    onClose();
    onDone();
  });

  const amountField = register('amount');
  return (
    <SideModal isOpen onClose={onClose} title={t(`${texts}.title`)}>
      <form className="stack" noValidate onSubmit={onSubmit}>
        <p>{t(`${texts}.text`)}</p>
        <Input
          label={t(`${texts}.amount`)}
          inputMode="decimal"
          autoComplete="off"
          error={errorText(errors.amount?.message, kind)}
          {...amountField}
          value={amountText}
          onChange={(event) => {
            const accepted = acceptAmountInput(event.target.value, balance);
            if (accepted === null) return;
            setAmountText(accepted);
            setValue('amount', accepted);
          }}
        />
        {kind === 'withdraw' && (
          <Input
            label={t('withdraw_modal.address')}
            autoComplete="off"
            spellCheck={false}
            error={errorText(errors.address?.message, kind)}
            {...register('address')}
          />
        )}
        {kind === 'withdraw' && isTwoFactorEnabled && (
          <Input
            label={t('withdraw_modal.two_factor_code')}
            autoComplete="one-time-code"
            error={errorText(errors.two_factor_code?.message, kind)}
            {...register('two_factor_code')}
          />
        )}
        <div>
          <Button type="submit" isLoading={isSubmitting} disabled={isSubmitting}>
            {t(`${texts}.submit`)}
          </Button>
        </div>
      </form>
    </SideModal>
  );
};
