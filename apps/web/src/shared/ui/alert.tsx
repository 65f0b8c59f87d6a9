import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ALERT_COLLAPSE_AFTER, ALERT_COLLAPSE_DELAY_MS, ALERT_GAP_PX } from '@proxy/contract';
import { useAlertStore, type AlertType } from './alert-store';
import { IconButton } from './icon-button';
import { CloseIcon } from './icons';

/** Inline alert box. Errors are announced assertively, others politely. */
export const Alert = ({
  type = 'info',
  children,
  onClose,
}: {
  type?: AlertType;
  children: ReactNode;
  onClose?: () => void;
}) => {
  const { t } = useTranslation();
  return (
    <div className={`alert alert--${type}`} role={type === 'error' ? 'alert' : 'status'}>
      <div className="alert__content">{children}</div>
      {onClose && (
        <IconButton className="alert__close" label={t('ui.dismiss')} onClick={onClose}>
          <CloseIcon size={16} />
        </IconButton>
      )}
    </div>
  );
};

/**
 * The transient alert stack (top right). With more than ALERT_COLLAPSE_AFTER alerts
 * it collapses after ALERT_COLLAPSE_DELAY_MS to the newest ones, with a Show/Hide toggle.
 */
export const AlertStack = () => {
  const { t } = useTranslation();
  const alerts = useAlertStore((state) => state.alerts);
  const dismiss = useAlertStore((state) => state.dismiss);
  const [isCollapsed, setCollapsed] = useState(false);
  const isOverflowing = alerts.length > ALERT_COLLAPSE_AFTER;

  useEffect(() => {
    if (!isOverflowing) return;
    const timer = setTimeout(() => setCollapsed(true), ALERT_COLLAPSE_DELAY_MS);
    return () => {
      clearTimeout(timer);
      setCollapsed(false);
    };
  }, [isOverflowing]);

  const visible = isOverflowing && isCollapsed ? alerts.slice(-ALERT_COLLAPSE_AFTER) : alerts;
  const hiddenCount = alerts.length - visible.length;

  return (
    <div className="alert-stack" style={{ gap: `${ALERT_GAP_PX}px` }} aria-live="polite">
      {isOverflowing && (
        <button
          type="button"
          className="alert-stack__toggle"
          onClick={() => setCollapsed((value) => !value)}
        >
          {isCollapsed ? t('ui.alerts_show', { count: hiddenCount }) : t('ui.alerts_hide')}
        </button>
      )}
      {visible.map((alert) => (
        <Alert key={alert.id} type={alert.type} onClose={() => dismiss(alert.id)}>
          {alert.content.split('\n').map((line, index) => (
            <p key={index}>{line}</p>
          ))}
        </Alert>
      ))}
    </div>
  );
};
