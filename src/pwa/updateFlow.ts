// The update flow of a waiting service worker, free of browser APIs so it can be unit-tested: the page reloads
// only after the user accepted the update, and only once, when the new worker takes control.

export interface UpdateFlowDeps {
  /** Posts SKIP_WAITING to the waiting worker. */
  skipWaiting(): void;
  /** Reloads the page. */
  reload(): void;
}

export interface UpdateFlow {
  /** The user accepted the update: ask the waiting worker to take over. Repeated calls do nothing. */
  accept(): void;
  /** A new worker now controls the page (controllerchange). Reloads once, and only after accept(). */
  controllerChanged(): void;
  readonly accepted: boolean;
}

export function createUpdateFlow({ skipWaiting, reload }: UpdateFlowDeps): UpdateFlow {
  let accepted = false;
  let reloaded = false;
  return {
    accept() {
      if (accepted) return;
      accepted = true;
      skipWaiting();
    },
    controllerChanged() {
      // A first install claiming the page, or another tab's update, is no reason to interrupt this one.
      if (!accepted || reloaded) return;
      reloaded = true;
      reload();
    },
    get accepted() {
      return accepted;
    },
  };
}
