import type { FocusEventHandler, FormEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui';

type ProfileFormCardProps = {
  /** Which card: its texts are `profile:<section>.title` and `.submit`. */
  section: 'info' | 'billing' | 'password';
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** Starts loading what the form validates with (its schema) as soon as the user enters it. */
  onFocus?: FocusEventHandler<HTMLFormElement>;
  isSubmitting: boolean;
  /** The form's fields (and its form-level error). */
  children: ReactNode;
};

/** A card of the profile page holding one form: its title, its fields, then the submit button. */
export const ProfileFormCard = ({
  section,
  onSubmit,
  onFocus,
  isSubmitting,
  children,
}: ProfileFormCardProps) => {
  const { t } = useTranslation('profile');
  const titleId = `profile-${section}-title`;
  return (
    <section className="card stack" aria-labelledby={titleId}>
      <h2 id={titleId} className="section-title">
        {t(`${section}.title`)}
      </h2>
      <form className="form-grid" noValidate onSubmit={onSubmit} onFocus={onFocus}>
        {children}
        <div className="form-actions">
          <Button type="submit" isLoading={isSubmitting}>
            {t(`${section}.submit`)}
          </Button>
        </div>
      </form>
    </section>
  );
};
