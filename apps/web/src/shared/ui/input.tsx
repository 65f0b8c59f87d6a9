import { forwardRef, useId, useState, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsHydrated } from '../lib/use-is-hydrated';
import { FieldError } from './field-error';
import { EyeIcon } from './icons';

export type InputProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string | undefined;
  hint?: string;
};

export const Input = forwardRef<HTMLInputElement, InputProps>(function Input(
  { label, error, hint, type = 'text', id, className, ...rest },
  ref,
) {
  const { t } = useTranslation();
  const autoId = useId();
  const inputId = id ?? autoId;
  const [isVisible, setVisible] = useState(false);
  // A field drawn at build time takes input once the form runs: the form would reset what was
  // typed before when it starts.
  const isHydrated = useIsHydrated();
  const isPassword = type === 'password';
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy =
    [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className={['field', error ? 'field--invalid' : '', className ?? ''].join(' ').trim()}>
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <div className="field__control">
        <input
          ref={ref}
          id={inputId}
          type={isPassword && isVisible ? 'text' : type}
          className="field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...rest}
          readOnly={rest.readOnly || !isHydrated}
        />
        {isPassword && (
          <button
            type="button"
            className="field__toggle"
            aria-label={isVisible ? t('ui.hide_password') : t('ui.show_password')}
            aria-pressed={isVisible}
            onClick={() => setVisible((value) => !value)}
            disabled={!isHydrated}
            data-awaiting-app={isHydrated ? undefined : ''}
          >
            <EyeIcon isCrossed={isVisible} />
          </button>
        )}
      </div>
      {hint && !error && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      <FieldError id={errorId} text={error} />
    </div>
  );
});
