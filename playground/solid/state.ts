// The Solid page's own view state (server data lives in the client's store, never here).
import { createSignal } from 'solid-js';
import { tokenStore } from '../shared/index.js';
import { errorText } from '../ui/board.js';

const [loggedIn, setLoggedIn] = createSignal(tokenStore.token !== undefined);
tokenStore.subscribe(() => setLoggedIn(tokenStore.token !== undefined));
/** Whether a token is held (follows `tokenStore`). */
export { loggedIn };

/** Why the user was logged out, shown above the login form; cleared by the next login. */
export const [logoutReason, setLogoutReason] = createSignal<string | undefined>(undefined);

/** The id of the task shown in the detail view. */
export const [selectedId, setSelectedId] = createSignal<number | null>(null);

/** The message of the last mutation that failed (its optimistic change has been rolled back). */
export const [notice, setNotice] = createSignal<string | undefined>(undefined);

/**
 * Runs a mutation and reports its failure in the page's notice instead of throwing.
 * @example report(ctrl.fetch(TaskResource.delete, { id }));
 */
export function report(pending: Promise<unknown>): Promise<void> {
  return pending.then(
    () => undefined,
    (error: unknown) => {
      setNotice(errorText(error));
    },
  );
}

/** Ids of the tasks a paused (offline) mutation will change: their rows show "pending". */
export const [pendingIds, setPendingIds] = createSignal<ReadonlySet<number>>(new Set());
