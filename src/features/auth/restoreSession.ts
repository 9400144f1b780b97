import { browserSession } from '../../app/browserSession';
import type { ToastInput } from '../../components/toast/toastOptions';
import { gqlRequest } from '../../graphql/client';
import { isAuthFailure } from '../../graphql/errors';
import { MeDocument } from '../../graphql/generated/graphql';

export const SESSION_RESTORED_TEXT = 'Welcome back! Your session has been restored.';
export const SESSION_RESTORE_FAILED_TEXT = 'Failed to restore session. Please log in again.';

/**
 * Spec §4 Session: on load the shell restores the stored session. A valid record is confirmed with `me`
 * (offline, the record is trusted); an expired or invalid record, or a token the server refuses, is
 * cleared. Returns whether the user is signed in.
 */
export function restoreSession(): Promise<boolean> {
  // Once per page load (React's strict mode runs effects twice; one toast is enough).
  restoring ??= restore();
  return restoring;
}

let restoring: Promise<boolean> | null = null;

/** The toaster loads after the first screen (like the toast regions); a toast raised before waits for it. */
function notify(input: ToastInput): void {
  import('../../components/toast/toaster').then(({ toast }) => toast(input)).catch(() => undefined);
}

/**
 * The stored session as this page found it (read when the app's modules load). Any early request (the
 * outbox, a subscription) that the server refuses drops the token and reloads at / before the gate
 * gets here; judging by the state at page start leaves the failure toast to that reload, where it stays.
 */
const atPageStart = (() => {
  const session = browserSession();
  return { stored: session.hasStoredRecord(), valid: session.current() !== null };
})();

async function restore(): Promise<boolean> {
  const session = browserSession();
  if (!atPageStart.stored) return false;
  if (!atPageStart.valid) {
    session.signOut();
    notify({ title: 'Session', description: SESSION_RESTORE_FAILED_TEXT, variant: 'destructive' });
    return false;
  }
  // Refused meanwhile: this page is already being replaced by the load of / that reports it.
  if (!session.current()) return false;
  try {
    await gqlRequest(MeDocument);
  } catch (error) {
    // The client has dropped the refused token and reloads at / (spec §8); that load finds the record
    // without its token, clears it and shows the failure toast (above).
    if (isAuthFailure(error)) return false;
  }
  notify({ title: 'Session restored', description: SESSION_RESTORED_TEXT });
  return true;
}
