// Render counts per task id, kept outside any component so a row that is re-created (Solid's
// keyed <For> makes a new row when the task object changes) keeps counting from where it was.
const counts = new Map<string, number>();

/**
 * Records one more render of the row of task `id` and returns the new count. Call it exactly
 * once per render of a row; the number is shown in the row (`data-testid="task-renders"`), so a
 * person (and the browser tests) can see that editing one task re-renders only that row.
 * @example const n = countRender(task.id); // 1 on first render, 2 after the task changed
 */
export function countRender(id: string): number {
  const next = (counts.get(id) ?? 0) + 1;
  counts.set(id, next);
  return next;
}
