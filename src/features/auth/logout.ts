import { LogoutDocument } from '../../graphql/generated/graphql';
import { gqlRequest } from '../../graphql/client';
import { browserSession } from '../../app/browserSession';

/**
 * Logout (spec §2, §4): revokes the token on the server (best effort: offline or an already dead token
 * must not keep the user signed in), clears the session everywhere, tells the other tabs, reloads.
 */
export async function logout(): Promise<void> {
  try {
    await gqlRequest(LogoutDocument);
  } catch {
    // Signing out locally is what matters; the server token expires on its own.
  }
  signOutHere();
}

/** Ends the session in this browser (every tab is told) and reloads: the server side is already done or moot. */
export function signOutHere(): void {
  browserSession().signOut();
  window.location.reload();
}
