import { useTranslation } from 'react-i18next';
import type { SessionRow } from '@proxy/contract';
import { formatDateTime } from '../../../shared/lib/format-date';
import { Button, showAlert } from '../../../shared/ui';
import { useRevokeOtherSessions, useRevokeSession } from '../api/sessions';

const deviceName = (session: SessionRow, unknown: string) =>
  [session.browser, session.os].filter(Boolean).join(' · ') || unknown;

/** Each signed-in device, this one first marked; another can be signed out, or all others. */
export const SessionsCard = ({ sessions }: { sessions: SessionRow[] }) => {
  const { t, i18n } = useTranslation('profile');
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const hasOthers = sessions.some((session) => !session.is_current);

  const signOut = async (id: number) => {
    try {
      showAlert.success((await revoke.mutateAsync(id)).message);
    } catch {
      /* the query client's error handler shows the failure */
    }
  };
  const signOutOthers = async () => {
    try {
      showAlert.success((await revokeOthers.mutateAsync(undefined)).message);
    } catch {
      /* shown by the query client's error handler */
    }
  };

  return (
    <section className="card stack" aria-labelledby="security-sessions-title">
      <h2 id="security-sessions-title" className="section-title">
        {t('security.sessions_title')}
      </h2>
      <ul className="session-list" aria-label={t('security.sessions_title')}>
        {sessions.map((session) => (
          <li
            key={session.id}
            className="session-item"
            data-testid="session-item"
            aria-current={session.is_current ? 'true' : undefined}
          >
            <div className="session-item__main">
              <strong>{deviceName(session, t('security.unknown_device'))}</strong>
              {session.is_current ? (
                <span className="session-item__current">{t('security.this_device')}</span>
              ) : null}
              <dl className="session-item__facts">
                <dt>{t('security.ip_address')}</dt>
                <dd>{session.ip_address ?? '—'}</dd>
                <dt>{t('security.created')}</dt>
                <dd>{formatDateTime(session.created_at, i18n.language)}</dd>
                <dt>{t('security.last_seen')}</dt>
                <dd>{formatDateTime(session.last_used_at, i18n.language)}</dd>
              </dl>
            </div>
            {session.is_current ? null : (
              <Button
                variant="secondary"
                size="sm"
                onClick={() => void signOut(session.id)}
                disabled={revoke.isPending}
              >
                {t('security.sign_out')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {hasOthers ? (
        <div className="form-actions">
          <Button
            variant="danger"
            onClick={() => void signOutOthers()}
            isLoading={revokeOthers.isPending}
          >
            {t('security.sign_out_others')}
          </Button>
        </div>
      ) : null}
    </section>
  );
};
