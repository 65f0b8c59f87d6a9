import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
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
 * Publishes the room the stack takes as `--alerts-height` and where it ends as `--alerts-bottom`
 * (both 0px without alerts) on the document: the layouts and modals make that room, so a toast
 * lies over no page control (ui.css, the cabinet's header).
 */
const usePublishedRoom = (stack: RefObject<HTMLDivElement | null>, shownCount: number) => {
  useLayoutEffect(() => {
    const element = stack.current;
    if (!element) return;
    const root = document.documentElement.style;
    const publish = () => {
      const box = element.getBoundingClientRect();
      const isEmpty = element.childElementCount === 0;
      root.setProperty('--alerts-height', isEmpty ? '0px' : `${box.height}px`);
      root.setProperty('--alerts-bottom', isEmpty ? '0px' : `${box.bottom}px`);
    };
    publish();
    // A toast whose text wraps differently (a new width, a language) changes the room too.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(publish);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.setProperty('--alerts-height', '0px');
      root.setProperty('--alerts-bottom', '0px');
    };
  }, [stack, shownCount]);
};

/**
 * The transient alert stack (top right, below the cabinet's header), in room the page makes for
 * it. With more than ALERT_COLLAPSE_AFTER alerts it collapses after ALERT_COLLAPSE_DELAY_MS to
 * the newest ones, with a Show/Hide toggle.
 */
export const AlertStack = () => {
  const { t } = useTranslation();
  const alerts = useAlertStore((state) => state.alerts);
  const dismiss = useAlertStore((state) => state.dismiss);
  const [isCollapsed, setCollapsed] = useState(false);
  const isOverflowing = alerts.length > ALERT_COLLAPSE_AFTER;
  const stack = useRef<HTMLDivElement>(null);

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
  usePublishedRoom(stack, visible.length + (isOverflowing ? 1 : 0));

  return (
    <div
      ref={stack}
      className="alert-stack"
      // Set only with alerts shown: the build's prerender writes no style attribute, which the
      // content security policy would refuse in HTML.
      style={visible.length > 0 ? { gap: `${ALERT_GAP_PX}px` } : undefined}
      aria-live="polite"
    >
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
