import { useEffect, useState } from 'react';
import { COPY_CONFIRMATION_MS } from '@proxy/contract';
import { translateDynamic } from '../i18n/i18n';
import { showAlert } from '../ui/alert-store';

/**
 * Copy to the clipboard with the spec's confirmation (5 s): `copied` is the id of what was
 * copied last, until the confirmation ends; a refused clipboard shows base:errors.copy.
 */
export const useCopy = () => {
  const [copied, setCopied] = useState<string | null>(null);
  useEffect(() => {
    if (copied === null) return;
    const timer = setTimeout(() => setCopied(null), COPY_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async (text: string, id = text) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(id);
    } catch {
      showAlert.error(translateDynamic('errors.copy'));
    }
  };
  return { copied, copy };
};
