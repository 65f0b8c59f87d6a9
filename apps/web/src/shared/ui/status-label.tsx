import type { ReactNode } from 'react';

export type StatusTone = 'info' | 'success' | 'danger' | 'warning';

/** The coloured status pill of the tables. */
export const StatusLabel = ({ tone, children }: { tone: StatusTone; children: ReactNode }) => (
  <span className={`status-label status-label--${tone}`}>{children}</span>
);
