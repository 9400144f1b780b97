// The catch-up toast (issue 16 point 4): alerts that fired and orders that filled while the app was closed or
// offline are shown once, as one toast, the next time the app starts. The last time the app was seen open is kept
// in IndexedDB (idb-keyval), written when the page is hidden or left and after each catch-up.
import { get, set } from 'idb-keyval';
import { catchUpSummary } from '../../domain/push/notification';
import { toast } from '../../components/toast/toaster';
import { gqlRequest } from '../../graphql/client';
import { MissedNotificationsDocument } from '../../graphql/generated/graphql';

export const LAST_SEEN_KEY = 'push.lastSeenAt';

const remember = (at: Date) => set(LAST_SEEN_KEY, at.toISOString());

/** Shows what was missed since the last visit (once), then keeps the last-seen time up to date while the app is open. */
export async function catchUp(): Promise<void> {
  const startedAt = new Date();
  const rememberNow = () => void remember(new Date()).catch(() => undefined);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') rememberNow();
  });
  window.addEventListener('pagehide', rememberNow);
  const since = await get<string>(LAST_SEEN_KEY);
  if (since === undefined) {
    await remember(startedAt);
    return;
  }
  // Offline or refused: the last-seen time stays, so the next start catches up instead.
  const { missedNotifications } = await gqlRequest(MissedNotificationsDocument, { since });
  await remember(startedAt);
  const summary = catchUpSummary(missedNotifications.map((item) => item.kind));
  if (summary === null) return;
  toast({
    title: summary,
    description: missedNotifications
      .slice(0, 3)
      .map((item) => item.body)
      .join(' · '),
    duration: 15_000,
  });
}
