import { useEffect } from 'react';
import { browserSession } from '../../auth/browserSession';
import {
  SESSION_WARNING_CHECK_MS,
  SESSION_WARNING_COUNTDOWN_MS,
  SESSION_WARNING_TOAST_MS,
} from '../../domain/constants';
import { isWarningDue, sessionRemainingMs, sessionWarningText } from '../../domain/session';
import { toast, toaster } from '../../components/toast/toaster';

export const SESSION_EXPIRED_TEXT = 'Your session has expired. Please log in again.';

/**
 * Spec §4 Session, shell side: the expiry toast, and once per session a warning when 5 minutes or less
 * remain, its countdown updated every second for 10 s; while it shows, leaving the page asks first.
 */
export function useSessionNotices(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const session = browserSession();
    let warnedFor: string | null = null;
    let countdown: ReturnType<typeof setInterval> | null = null;
    let hideWarning: ReturnType<typeof setTimeout> | null = null;
    const confirmLeave = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    const endWarning = () => {
      if (countdown !== null) clearInterval(countdown);
      if (hideWarning !== null) clearTimeout(hideWarning);
      countdown = null;
      hideWarning = null;
      window.removeEventListener('beforeunload', confirmLeave);
    };
    const checkWarning = () => {
      const record = session.current();
      if (!record || warnedFor === record.token || !isWarningDue(record, Date.now())) return;
      warnedFor = record.token;
      const id = toast({
        title: 'Session expiring',
        description: sessionWarningText(sessionRemainingMs(record, Date.now())),
        duration: SESSION_WARNING_TOAST_MS,
      });
      window.addEventListener('beforeunload', confirmLeave);
      countdown = setInterval(() => {
        const live = session.current();
        if (!live) return endWarning();
        toaster.update(id, { description: sessionWarningText(sessionRemainingMs(live, Date.now())) });
      }, SESSION_WARNING_COUNTDOWN_MS);
      hideWarning = setTimeout(endWarning, SESSION_WARNING_TOAST_MS);
    };
    const warningTimer = setInterval(checkWarning, SESSION_WARNING_CHECK_MS);
    checkWarning();
    const unsubscribe = session.subscribe((event) => {
      if (event.type === 'expired') {
        endWarning();
        toast({ title: 'Session expired', description: SESSION_EXPIRED_TEXT, variant: 'destructive' });
      } else if (event.type === 'signed-out') {
        endWarning();
      }
    });
    return () => {
      clearInterval(warningTimer);
      endWarning();
      unsubscribe();
    };
  }, [active]);
}
