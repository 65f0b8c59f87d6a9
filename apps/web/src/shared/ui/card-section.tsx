import type { ReactNode } from 'react';

type CardSectionProps = {
  /** The heading's id; the section is labelled by it. */
  id: string;
  title: string;
  className?: string;
  children: ReactNode;
};

/** One section of a page as a card, named by its heading (a column of its parts). */
export const CardSection = ({ id, title, className, children }: CardSectionProps) => (
  <section className={['card card-section', className ?? ''].join(' ').trim()} aria-labelledby={id}>
    <h2 id={id} className="card-section__title">
      {title}
    </h2>
    {children}
  </section>
);
