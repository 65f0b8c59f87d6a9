import { useId, useState } from 'react';
import { ACCORDION_TRANSITION_MS } from '@proxy/contract';
import { sanitizeFaqHtml } from '../../../shared/lib/sanitize-html';
import { ChevronDownIcon } from '../../../shared/ui';
import type { FaqItem } from '../api/get-faq';

const FaqEntry = ({ item, domain, level }: { item: FaqItem; domain: string; level: number }) => {
  const [isOpen, setOpen] = useState(false);
  const id = useId();
  const Heading = level === 0 ? 'h3' : 'h4';
  return (
    <li className={isOpen ? 'faq-entry faq-entry--open' : 'faq-entry'}>
      <Heading className="faq-entry__heading">
        <button
          type="button"
          className="faq-entry__toggle"
          aria-expanded={isOpen}
          aria-controls={`${id}-panel`}
          id={`${id}-button`}
          onClick={() => setOpen((value) => !value)}
        >
          <span>{item.title}</span>
          <ChevronDownIcon className="faq-entry__chevron" />
        </button>
      </Heading>
      <div
        id={`${id}-panel`}
        role="region"
        aria-labelledby={`${id}-button`}
        className="faq-entry__panel"
        style={{ animationDuration: `${ACCORDION_TRANSITION_MS}ms` }}
        hidden={!isOpen}
      >
        <div className="faq-entry__inner">
          <div
            className="faq-entry__content"
            // Sanitised by the API when stored and again here (DOMPurify allow-list).
            dangerouslySetInnerHTML={{ __html: sanitizeFaqHtml(item.content, domain) }}
          />
          {item.children && item.children.length > 0 && (
            <FaqAccordion items={item.children} domain={domain} level={level + 1} />
          )}
        </div>
      </div>
    </li>
  );
};

/** FAQ entries as an accordion; children nest as a second accordion inside the answer. */
export const FaqAccordion = ({
  items,
  domain,
  level = 0,
}: {
  items: readonly FaqItem[];
  domain: string;
  level?: number;
}) => (
  <ul className={level === 0 ? 'faq-accordion' : 'faq-accordion faq-accordion--nested'}>
    {items.map((item) => (
      <FaqEntry key={item.id} item={item} domain={domain} level={level} />
    ))}
  </ul>
);
