import { SESSION_WARNING_CHECK_MS, SESSION_WARNING_COUNTDOWN_MS, SESSION_WARNING_TOAST_MS } from '../domain/constants';
import { isWarningDue, sessionRemainingMs, sessionWarningText } from '../domain/session';
import type { SessionManager } from './session';

export const SESSION_EXPIRED_TEXT = 'Your session has expired. Please log in again.';

/** How the warning is shown; the browser's toaster and window in the app, recorders in tests. */
export interface SessionWarningEffects {
  /** Shows the warning toast for SESSION_WARNING_TOAST_MS; returns its id. */
  showWarning(text: string): string;
  updateWarning(id: string, text: string): void;
  showExpired(text: string): void;
  /** Leaving the page asks for confirmation while `on`. */
  confirmLeaving(on: boolean): void;
  now?: () => number;
}

/**
 * Spec §4 Session, shell side: once per session, when 5 minutes or less remain, a warning whose
 * countdown is updated every second while it shows (10 s), leaving the page asking first meanwhile;
 * at expiry a toast. Returns a stop function.
 */
export function watchSessionWarning(session: SessionManager, effects: SessionWarningEffects): () => void {
  const now = effects.now ?? Date.now;
  let warnedFor: string | null = null;
  let countdown: ReturnType<typeof setInterval> | null = null;
  let hideWarning: ReturnType<typeof setTimeout> | null = null;

  const endWarning = () => {
    if (countdown === null) return;
    clearInterval(countdown);
    if (hideWarning !== null) clearTimeout(hideWarning);
    countdown = null;
    hideWarning = null;
    effects.confirmLeaving(false);
  };

  const checkWarning = () => {
    const record = session.current();
    if (!record || warnedFor === record.token || !isWarningDue(record, now())) return;
    warnedFor = record.token;
    const id = effects.showWarning(sessionWarningText(sessionRemainingMs(record, now())));
    effects.confirmLeaving(true);
    countdown = setInterval(() => {
      const live = session.current();
      if (live) effects.updateWarning(id, sessionWarningText(sessionRemainingMs(live, now())));
      else endWarning();
    }, SESSION_WARNING_COUNTDOWN_MS);
    hideWarning = setTimeout(endWarning, SESSION_WARNING_TOAST_MS);
  };

  const timer = setInterval(checkWarning, SESSION_WARNING_CHECK_MS);
  checkWarning();
  const unsubscribe = session.subscribe((event) => {
    if (event.type === 'expired') {
      endWarning();
      effects.showExpired(SESSION_EXPIRED_TEXT);
    } else if (event.type === 'signed-out') {
      endWarning();
    }
  });
  return () => {
    clearInterval(timer);
    endWarning();
    unsubscribe();
  };
}
