// The vanilla page's own view state, as signals: who is logged in, which task is selected, the
// last failed mutation. (Server data lives in the client's store, never here.)
import { signal } from '@preact/signals-core';
import { tokenStore } from '../shared/index.js';
import { errorText } from '../ui/board.js';

/** Whether a token is held (follows `tokenStore`). */
export const loggedIn = signal(tokenStore.token !== undefined);
tokenStore.subscribe(() => {
  loggedIn.value = tokenStore.token !== undefined;
});

/** Why the user was logged out, shown above the login form; cleared by the next login. */
export const logoutReason = signal<string | undefined>(undefined);

/** The id of the task shown in the detail view. */
export const selectedId = signal<number | null>(null);

/** The ids of the tasks a paused (offline) mutation will change: their rows show "pending". */
export const pendingIds = signal<ReadonlySet<number>>(new Set());

/** The message of the last mutation that failed (the optimistic change has been rolled back). */
export const notice = signal<string | undefined>(undefined);

/**
 * Runs a mutation and reports its failure in the page's notice instead of throwing.
 * @example report(controller.fetch(TaskResource.delete, { id }));
 */
export function report(pending: Promise<unknown>): Promise<void> {
  return pending.then(
    () => undefined,
    (error: unknown) => {
      notice.value = errorText(error);
    },
  );
}
