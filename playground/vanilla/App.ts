import type { DataClient } from '../../src/core/index.js';
import { Board } from './Board.js';
import { h, type View } from './dom.js';
import { Header } from './Header.js';
import { Notice } from './Notice.js';
import { TaskDetail } from './TaskDetail.js';
import { TaskList } from './TaskList.js';

/**
 * The whole vanilla page: header (polled counter, login), the failed-mutation notice, the
 * paginated task list beside the detail view, and the board's columns.
 * @example document.body.append(App(client).el);
 */
export function App(client: DataClient): View {
  const parts = [Header(client), Notice(), TaskList(client), TaskDetail(client), Board(client)];
  const [header, notice, list, detail, board] = parts as [View, View, View, View, View];
  const el = h('div', {},
    header.el,
    h('main', {}, notice.el, h('div', { class: 'top' }, list.el, detail.el), board.el),
  );
  return { el, dispose: () => parts.forEach(p => p.dispose()) };
}
