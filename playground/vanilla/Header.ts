import type { DataClient } from '../../src/core/index.js';
import { h, type View } from './dom.js';
import { SessionBox } from './SessionBox.js';
import { StatsBadge } from './StatsBadge.js';

/**
 * The page header: title, the polled counter and the login / user box.
 * @example document.body.prepend(Header(client).el);
 */
export function Header(client: DataClient): View {
  const stats = StatsBadge(client);
  const session = SessionBox(client);
  const el = h('header', {}, h('h1', {}, 'rest-signals · vanilla'), stats.el, session.el);
  return { el, dispose: () => (stats.dispose(), session.dispose()) };
}
