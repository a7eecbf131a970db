// The Vue page's own view state (server data lives in the client's store, never here).
import { ref, shallowRef } from 'vue';
import { tokenStore } from '../shared/index.js';
import { errorText } from '../ui/board.js';

/** Whether a token is held (follows `tokenStore`). */
export const loggedIn = ref(tokenStore.token !== undefined);
tokenStore.subscribe(() => {
  loggedIn.value = tokenStore.token !== undefined;
});

/** Why the user was logged out, shown above the login form; cleared by the next login. */
export const logoutReason = ref<string | undefined>(undefined);

/** The id of the task shown in the detail view. */
export const selectedId = ref<number | null>(null);

/** The message of the last mutation that failed (its optimistic change has been rolled back). */
export const notice = ref<string | undefined>(undefined);

/**
 * Runs a mutation and reports its failure in the page's notice instead of throwing.
 * @example report(ctrl.fetch(TaskResource.delete, { id }));
 */
export function report(pending: Promise<unknown>): Promise<void> {
  return pending.then(
    () => undefined,
    (error: unknown) => {
      notice.value = errorText(error);
    },
  );
}

/** Ids of the tasks a paused (offline) mutation will change: their rows show "pending". */
export const pendingIds = shallowRef<ReadonlySet<number>>(new Set());
