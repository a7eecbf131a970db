import { effect, signal, type ReadonlySignal } from '@preact/signals-core';
import type { DataClient } from '../../src/core/index.js';
import { TaskResource, type TaskFilters } from '../shared/index.js';
import { canLoadMore, pageSize } from '../ui/board.js';
import { h, type View } from './dom.js';

/**
 * "Load more" under a task list: fetches the next page with `getList.getPage`, which appends it
 * to the list with the same filters. Hidden once a page comes back short.
 * @example card.append(LoadMore(client, { projectId: 1 }, computed(() => list.value.data?.length)).el);
 */
export function LoadMore(client: DataClient, args: TaskFilters, loaded: ReadonlySignal<number | undefined>): View {
  const lastPageSize = signal<number | undefined>(undefined);
  const busy = signal(false);
  let page = 1;
  const el = h('button', {
    'data-testid': 'load-more',
    onclick: async () => {
      busy.value = true;
      try {
        const next = await client.controller.fetch(TaskResource.getList.getPage, { ...args, page: page + 1 });
        page += 1;
        lastPageSize.value = pageSize(next);
      } catch {
        // nothing to show for a failed page; the button stays for another try
      } finally {
        busy.value = false;
      }
    },
  }, 'Load more');
  const dispose = effect(() => {
    const count = loaded.value;
    el.hidden = count === undefined || !canLoadMore(count, lastPageSize.value);
    el.disabled = busy.value;
    el.textContent = busy.value ? 'Loading…' : 'Load more';
  });
  return { el, dispose };
}
