import { useId, useState, type ReactElement, type ReactNode } from 'react';

/** Shows `content` on hover and focus of the wrapped trigger; linked with aria-describedby. */
export const Tooltip = ({
  content,
  children,
}: {
  content: ReactNode;
  children: (describedBy: string) => ReactElement;
}) => {
  const id = useId();
  const [isOpen, setOpen] = useState(false);
  return (
    <span
      className="tooltip"
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onFocus={() => setOpen(true)}
      onBlur={() => setOpen(false)}
      onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}
    >
      {children(id)}
      <span
        role="tooltip"
        id={id}
        className={isOpen ? 'tooltip__bubble tooltip__bubble--open' : 'tooltip__bubble'}
      >
        {content}
      </span>
    </span>
  );
};
