import { For, type JSX } from 'solid-js';
import { COLUMNS } from '../ui/board.js';
import { Column } from './Column.js';

/**
 * The board: one column per status, each its own filtered list.
 * @example <Board />
 */
export function Board(): JSX.Element {
  return (
    <div class="columns" data-testid="board">
      <For each={COLUMNS}>{status => <Column status={status} />}</For>
    </div>
  );
}
