import { createSignal, Show, type JSX } from 'solid-js';
import { useController } from '../../src/adapters/solid/index.js';
import { TaskResource, type TaskFilters } from '../shared/index.js';
import { canLoadMore, pageSize } from '../ui/board.js';

/**
 * "Load more" under a task list: fetches the next page with `getList.getPage`, which appends it
 * to the list with the same filters. Hidden once a page comes back short.
 * @example <LoadMore args={{ projectId: 1 }} loaded={tasks()?.length ?? 0} />
 */
export function LoadMore(props: { args: TaskFilters; loaded: number }): JSX.Element {
  const ctrl = useController();
  const [lastPageSize, setLastPageSize] = createSignal<number>();
  const [busy, setBusy] = createSignal(false);
  let page = 1;
  const load = async () => {
    setBusy(true);
    try {
      const next = await ctrl.fetch(TaskResource.getList.getPage, { ...props.args, page: page + 1 });
      page += 1;
      setLastPageSize(pageSize(next));
    } catch {
      // nothing to show for a failed page; the button stays for another try
    } finally {
      setBusy(false);
    }
  };
  return (
    <Show when={canLoadMore(props.loaded, lastPageSize())}>
      <button data-testid="load-more" disabled={busy()} onClick={load}>{busy() ? 'Loading…' : 'Load more'}</button>
    </Show>
  );
}
