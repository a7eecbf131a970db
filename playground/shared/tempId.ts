// starts below every id an earlier page load of this browser could have made (paused creates
// restored after a reload keep theirs)
let last = -Date.now() * 1000;

/**
 * A temporary id for an optimistic create: a negative integer, never repeated within a page
 * load, never one the server uses (its ids start at 1). Pass it in the body of
 * `getList.push` so the new row appears at once; the server ignores a client `id` and replies
 * the real one, which replaces the temporary row when the reply arrives.
 * @example await ctrl.fetch(TaskResource.getList.push, { projectId: 1 }, { id: tempId(), title, ownerId: 1, projectId: 1 });
 */
export function tempId(): number {
  return --last;
}
