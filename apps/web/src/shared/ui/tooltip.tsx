import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type ReactElement,
  type ReactNode,
} from 'react';

/** Space kept between the bubble and its trigger, and between the bubble and the screen's edges. */
const GAP_PX = 6;
const EDGE_PX = 8;

/**
 * Where the bubble goes: above the trigger (below when there is no room), centred on it but
 * moved inside the viewport, so a narrow phone and a scrolling modal never cut it.
 */
const placeBubble = (trigger: DOMRect, bubble: DOMRect): CSSProperties => {
  const left = Math.min(
    Math.max(EDGE_PX, trigger.left + trigger.width / 2 - bubble.width / 2),
    Math.max(EDGE_PX, window.innerWidth - bubble.width - EDGE_PX),
  );
  const above = trigger.top - GAP_PX - bubble.height;
  const top = above >= EDGE_PX ? above : trigger.bottom + GAP_PX;
  return { left, top };
};

/**
 * Shows `content` beside the trigger `children` renders: on hover, on keyboard focus and on a
 * tap (touch screens have no hover); Escape, a press elsewhere or leaving hides it. The trigger
 * takes the bubble's id as its aria-describedby. A trigger that explains why it is unavailable
 * is `aria-disabled` rather than `disabled`: a disabled control gets no focus and no tap.
 */
export const Tooltip = ({
  content,
  children,
}: {
  content: ReactNode;
  children: (describedBy: string) => ReactElement;
}) => {
  const id = useId();
  const wrapper = useRef<HTMLSpanElement>(null);
  const bubble = useRef<HTMLSpanElement>(null);
  const [isOpen, setOpen] = useState(false);
  const [place, setPlace] = useState<CSSProperties | null>(null);

  useLayoutEffect(() => {
    if (!isOpen || !wrapper.current || !bubble.current) return;
    setPlace(
      placeBubble(wrapper.current.getBoundingClientRect(), bubble.current.getBoundingClientRect()),
    );
  }, [isOpen]);

  useEffect(() => {
    if (!isOpen) return;
    const closeOutside = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    const close = () => setOpen(false);
    // Escape closes the open bubble only: the dialog around it (its own listener) stays.
    const element = wrapper.current;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      close();
    };
    element?.addEventListener('keydown', closeOnEscape);
    document.addEventListener('pointerdown', closeOutside);
    // A moved page would leave the bubble behind: it goes, and comes back with the next hover.
    window.addEventListener('scroll', close, true);
    window.addEventListener('resize', close);
    return () => {
      element?.removeEventListener('keydown', closeOnEscape);
      document.removeEventListener('pointerdown', closeOutside);
      window.removeEventListener('scroll', close, true);
      window.removeEventListener('resize', close);
    };
  }, [isOpen]);

  return (
    <span
      ref={wrapper}
      className="tooltip"
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onFocus={() => setOpen(true)}
      onBlur={() => setOpen(false)}
      onClick={() => setOpen(true)}
    >
      {children(id)}
      <span
        ref={bubble}
        role="tooltip"
        id={id}
        className={isOpen ? 'tooltip__bubble tooltip__bubble--open' : 'tooltip__bubble'}
        style={place ?? undefined}
      >
        {content}
      </span>
    </span>
  );
};
