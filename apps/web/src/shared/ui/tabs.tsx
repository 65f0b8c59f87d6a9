import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useTabParam } from '../lib/use-tab-param';

export type TabItem = { id: string; label: string; content: ReactNode };

export type TabsProps = {
  items: readonly TabItem[];
  selectedIndex: number;
  onChange: (index: number) => void;
  label: string;
};

/** WAI-ARIA tabs with roving tabindex and arrow/Home/End keys. */
export const Tabs = ({ items, selectedIndex, onChange, label }: TabsProps) => {
  const baseId = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const select = (index: number) => {
    const count = items.length;
    const next = ((index % count) + count) % count;
    onChange(next);
    refs.current[next]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const keys: Record<string, number> = {
      ArrowRight: selectedIndex + 1,
      ArrowLeft: selectedIndex - 1,
      Home: 0,
      End: items.length - 1,
    };
    const target = keys[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target);
  };
  const current = items[selectedIndex];
  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} className="tabs__list">
        {items.map((item, index) => (
          <button
            key={item.id}
            ref={(node) => {
              refs.current[index] = node;
            }}
            id={`${baseId}-tab-${index}`}
            role="tab"
            type="button"
            className="tabs__tab"
            aria-selected={index === selectedIndex}
            aria-controls={`${baseId}-panel-${index}`}
            tabIndex={index === selectedIndex ? 0 : -1}
            onClick={() => onChange(index)}
            onKeyDown={onKeyDown}
          >
            {item.label}
          </button>
        ))}
      </div>
      {current && (
        <div
          role="tabpanel"
          id={`${baseId}-panel-${selectedIndex}`}
          aria-labelledby={`${baseId}-tab-${selectedIndex}`}
          className="tabs__panel"
          tabIndex={0}
        >
          {current.content}
        </div>
      )}
    </div>
  );
};

/** Tabs whose selection lives in `?tab=` (see useTabParam); `parse` reads it as a valid index. */
export const SearchParamTabs = ({
  parse,
  ...props
}: Omit<TabsProps, 'selectedIndex' | 'onChange'> & { parse: (value: string | null) => number }) => {
  const [tab, setTab] = useTabParam(parse);
  return <Tabs {...props} selectedIndex={tab} onChange={setTab} />;
};
