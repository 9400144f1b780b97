import type { EventBus, SessionEndedNotice } from '../events';
import type { Authenticator, SessionState } from '../services/auth';
import { SESSION_ENDED_CLOSE, TOO_MANY_SOCKETS_CLOSE } from './socketLimits';

/** An open socket re-reads its session at least this often (a revocation written without a notice is seen then). */
export const SESSION_RECHECK_MS = 60_000;
/** Shortest wait between two checks of one socket's session (a clock that disagrees cannot make it spin). */
const MIN_CHECK_DELAY_MS = 100;
/** setTimeout's longest delay. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** What the registry needs of a socket. */
export interface ClosableSocket {
  close(code: number, reason: string): void;
}

interface Tracked {
  socket: ClosableSocket;
  token: string;
  state: SessionState;
  timer: ReturnType<typeof setTimeout> | undefined;
}

interface SocketSessionsOptions {
  authenticator: Pick<Authenticator, 'session'>;
  events: Pick<EventBus, 'subscribe'>;
  now: () => Date;
  /** Most sockets one user may hold open on this process. */
  maxSocketsPerUser: number;
  /** Told when a socket's session check fails unexpectedly (the socket stays open and is checked again). */
  onError: (error: unknown) => void;
}

export interface SocketSessions {
  /**
   * Registers the socket of a signed-in connection. Returns false, and closes the socket with
   * TOO_MANY_SOCKETS_CLOSE, when the user already holds `maxSocketsPerUser` sockets here.
   */
  add(socket: ClosableSocket, token: string, state: SessionState): boolean;
  /** Forgets a socket (it closed). */
  remove(socket: ClosableSocket): void;
  /** Whether the socket's connection is signed in (registered and open). */
  has(socket: ClosableSocket): boolean;
  /** Stops listening for notices and clears every timer (the sockets themselves are closed by the server). */
  stop(): void;
}

/**
 * The signed-in WebSockets of this process, by user, and the end of their sessions (issue 12):
 * - a `sessionEnded` notice from the event bus (logout, sign-out everywhere, account deletion, published by
 *   the authenticator of whichever process revoked it) closes the session's sockets, or all of the user's;
 * - each socket's session is checked again when it would end (24 h expiry, 4 h without a request) and at least
 *   every SESSION_RECHECK_MS; an ended session closes the socket.
 * Closing uses SESSION_ENDED_CLOSE (4401, "unauthorized: …"), on which the client signs out and stops
 * retrying; graphql-ws then ends the socket's subscriptions, so no later event of the user reaches it.
 */
export function createSocketSessions(options: SocketSessionsOptions): SocketSessions {
  const { authenticator, now, maxSocketsPerUser } = options;
  const byUser = new Map<string, Set<Tracked>>();
  const bySocket = new Map<ClosableSocket, Tracked>();

  const forget = (tracked: Tracked) => {
    clearTimeout(tracked.timer);
    bySocket.delete(tracked.socket);
    const sockets = byUser.get(tracked.state.user.id);
    sockets?.delete(tracked);
    if (sockets?.size === 0) byUser.delete(tracked.state.user.id);
  };

  const end = (tracked: Tracked) => {
    forget(tracked);
    tracked.socket.close(SESSION_ENDED_CLOSE.code, SESSION_ENDED_CLOSE.reason);
  };

  const schedule = (tracked: Tracked) => {
    clearTimeout(tracked.timer);
    tracked.timer = undefined;
    // The single-user token never ends.
    if (tracked.state.sessionId === null) return;
    const at = now().getTime();
    const due = Math.min(tracked.state.endsAt ?? Number.POSITIVE_INFINITY, at + SESSION_RECHECK_MS);
    const delay = Math.min(MAX_TIMER_MS, Math.max(MIN_CHECK_DELAY_MS, due - at));
    tracked.timer = setTimeout(() => void check(tracked), delay);
    tracked.timer.unref();
  };

  const check = async (tracked: Tracked) => {
    let state: SessionState | null;
    try {
      state = await authenticator.session(tracked.token, { countsAsActivity: false });
    } catch (error) {
      options.onError(error);
      if (bySocket.get(tracked.socket) === tracked) schedule(tracked);
      return;
    }
    if (bySocket.get(tracked.socket) !== tracked) return;
    if (!state || state.sessionId !== tracked.state.sessionId) return end(tracked);
    tracked.state = state;
    schedule(tracked);
  };

  const onNotice = (notice: SessionEndedNotice) => {
    for (const tracked of [...(byUser.get(notice.userId) ?? [])]) {
      if (notice.sessionId === null || notice.sessionId === tracked.state.sessionId) end(tracked);
    }
  };

  const notices = options.events.subscribe('sessionEnded');
  void (async () => {
    for await (const notice of notices) onNotice(notice);
  })();

  return {
    add(socket, token, state) {
      const sockets = byUser.get(state.user.id) ?? new Set<Tracked>();
      if (sockets.size >= maxSocketsPerUser) {
        socket.close(TOO_MANY_SOCKETS_CLOSE.code, TOO_MANY_SOCKETS_CLOSE.reason(maxSocketsPerUser));
        return false;
      }
      const tracked: Tracked = { socket, token, state, timer: undefined };
      sockets.add(tracked);
      byUser.set(state.user.id, sockets);
      bySocket.set(socket, tracked);
      schedule(tracked);
      return true;
    },
    remove(socket) {
      const tracked = bySocket.get(socket);
      if (tracked) forget(tracked);
    },
    has(socket) {
      return bySocket.has(socket);
    },
    stop() {
      void notices.return?.();
      for (const tracked of bySocket.values()) clearTimeout(tracked.timer);
    },
  };
}
