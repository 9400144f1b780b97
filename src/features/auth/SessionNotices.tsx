import { useEffect } from 'react';
import { browserSession } from '../../app/browserSession';
import { watchSessionWarning } from '../../auth/sessionWarning';
import { SESSION_WARNING_TOAST_MS } from '../../domain/constants';
import { toast, toaster } from '../../components/toast/toaster';

const confirmLeave = (event: BeforeUnloadEvent) => {
  event.preventDefault();
  event.returnValue = '';
};

/**
 * The session's expiry warning (live countdown toast, leave confirmation) and expiry toast, while mounted: the
 * gate mounts it for a signed-in user (AUTH_MODE=otp) and loads it on demand.
 */
export function SessionNotices(): null {
  useEffect(() => {
    return watchSessionWarning(browserSession(), {
      showWarning: (text) =>
        toast({ title: 'Session expiring', description: text, duration: SESSION_WARNING_TOAST_MS }),
      updateWarning: (id, text) => toaster.update(id, { description: text }),
      showExpired: (text) => toast({ title: 'Session expired', description: text, variant: 'destructive' }),
      confirmLeaving: (on) =>
        on
          ? window.addEventListener('beforeunload', confirmLeave)
          : window.removeEventListener('beforeunload', confirmLeave),
    });
  }, []);
  return null;
}
