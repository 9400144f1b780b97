import { useCallback, useEffect, useRef, useState } from 'react';
import { COPY_CONFIRMATION_MS } from '../domain/constants';

/**
 * Copies text to the clipboard; `copied` is true for COPY_CONFIRMATION_MS afterwards (spec §9).
 * `failed` is true when the clipboard is unavailable or refused.
 */
export function useCopyConfirmation(): { copy(text: string): Promise<void>; copied: boolean; failed: boolean } {
  const [copied, setCopied] = useState(false);
  const [failed, setFailed] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const copy = useCallback(async (text: string) => {
    window.clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(text);
      setFailed(false);
      setCopied(true);
      timer.current = window.setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
    } catch {
      setCopied(false);
      setFailed(true);
    }
  }, []);

  return { copy, copied, failed };
}
