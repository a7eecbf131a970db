import type { DataClient } from '../../src/core/index.js';
import { COLUMNS } from '../ui/board.js';
import { Column } from './Column.js';
import { h, type View } from './dom.js';

/**
 * The board: one column per status, each its own filtered list.
 * @example main.append(Board(client).el);
 */
export function Board(client: DataClient): View {
  const columns = COLUMNS.map(status => Column(client, status));
  const el = h('div', { class: 'columns', 'data-testid': 'board' }, ...columns.map(c => c.el));
  return { el, dispose: () => columns.forEach(c => c.dispose()) };
}
