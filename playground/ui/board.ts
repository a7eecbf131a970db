// Framework-neutral facts every page shows the same way: which project, which columns, paging.
import { TASK_STATUSES, type TaskStatus } from '../server/seed.js';

/** The project whose tasks the pages show (the seed's largest: three pages of ten). */
export const PROJECT_ID = 1;

/** The owner given to tasks created from a page. */
export const NEW_TASK_OWNER = 1;

/** The board's columns, left to right. */
export const COLUMNS: readonly TaskStatus[] = TASK_STATUSES;

/** Tasks per page of `GET /api/tasks` (mirrors the server's `TASK_PAGE_SIZE`). */
export const PAGE_SIZE = 10;

/**
 * The column a card's "move" button sends it to: the next one to the right, and from the last
 * column back to the first.
 * @example nextStatus('todo'); // 'doing'
 */
export function nextStatus(status: TaskStatus): TaskStatus {
  return COLUMNS[(COLUMNS.indexOf(status) + 1) % COLUMNS.length]!;
}

/**
 * How many tasks a page brought: `getList.getPage` resolves to the page it fetched (as in
 * data-client 0.18), while the list it appended to grows in the store.
 * @example pageSize(page2); // 10 when page 2 was full
 */
export function pageSize(page: unknown): number {
  return Array.isArray(page) ? page.length : 0;
}

/**
 * Whether "Load more" may find more tasks: before any page was loaded, when the first page came
 * back full; afterwards, when the last page loaded (see `pageSize`) was full.
 * @example canLoadMore(10, undefined); // true
 * @example canLoadMore(12, 2);         // false
 */
export function canLoadMore(loaded: number, lastPageSize: number | undefined): boolean {
  return (lastPageSize ?? loaded) >= PAGE_SIZE;
}

/**
 * A one-line text for an error shown in a page (a `NetworkError` names method, URL and status).
 * @example errorText(error); // 'PATCH http://127.0.0.1:3000/api/tasks/3 failed with status 500'
 */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
