import { useCopy } from '../lib/use-copy';
import { Button } from './button';

type CopyableCodeProps = {
  value: string;
  /** The button's accessible name ("Copy the API key"). */
  copyLabel: string;
  texts: { copy: string; copied: string };
};

/** A value shown as code with its copy button (the confirmation shows for 5 s). */
export const CopyableCode = ({ value, copyLabel, texts }: CopyableCodeProps) => {
  const { copied, copy } = useCopy();
  return (
    <div className="copyable-code">
      <code className="copyable-code__value">{value}</code>
      <Button variant="secondary" size="sm" onClick={() => void copy(value)} aria-label={copyLabel}>
        {copied === value ? texts.copied : texts.copy}
      </Button>
    </div>
  );
};
