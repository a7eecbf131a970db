import type { JSX } from 'solid-js';
import { Board } from './Board.js';
import { Header } from './Header.js';
import { Notice } from './Notice.js';
import { TaskDetail } from './TaskDetail.js';
import { TaskList } from './TaskList.js';

/**
 * The whole Solid page: header, failed-mutation notice, task list + detail, board.
 * @example render(() => <DataProvider><App /></DataProvider>, root);
 */
export function App(): JSX.Element {
  return (
    <>
      <Header />
      <main>
        <Notice />
        <div class="top">
          <TaskList />
          <TaskDetail />
        </div>
        <Board />
      </main>
    </>
  );
}
