import type { ReactNode } from 'react';

export type AuthCardProps = {
  title: string;
  subtitle: string;
  footer: ReactNode;
  children: ReactNode;
};

/** The card of the auth pages: heading, the form, and the link line below it. */
export const AuthCard = ({ title, subtitle, footer, children }: AuthCardProps) => (
  <div className="auth-card">
    <div className="auth-card__head">
      <h1 className="auth-card__title">{title}</h1>
      <p className="text-muted">{subtitle}</p>
    </div>
    {children}
    <p className="auth-card__footer">{footer}</p>
  </div>
);
