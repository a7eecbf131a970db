import { Entity, RestEndpoint, resource } from 'rest-signals';
import { hookifyResource } from 'rest-signals/solid';
import { getRequestEvent, isServer } from 'solid-js/web';

declare const __API_URL__: string;

/** A task of the signed-in account. */
export class Task extends Entity {
  id = 0;
  title = '';
  done = false;
  owner = '';
  static override key = 'Task';
}

/** Every mutation is optimistic: the row changes at once and settles on the server's reply. */
export const TaskResource = resource({ urlPrefix: __API_URL__, path: '/tasks/:id', schema: Task, optimistic: true });

/** The `account` cookie: of the request being rendered on the server, of the page in the browser. */
function account(): string {
  const cookies = isServer ? (getRequestEvent()?.request.headers.get('cookie') ?? '') : document.cookie;
  return /(?:^|;\s*)account=(\w+)/.exec(cookies)?.[1] ?? 'alice';
}

/** The resource with the account's `Authorization` header, read per component (never a module variable). */
export const TaskApi = hookifyResource(TaskResource, () => ({ headers: { Authorization: `Bearer ${account()}` } }));

/** A report the API cannot produce (it always answers 503). */
export const BrokenReport = new RestEndpoint({ urlPrefix: __API_URL__, path: '/broken', name: 'BrokenReport' });

/** The message of the day, read through @solidjs/router's own data layer. */
export const motdUrl = `${__API_URL__}/motd`;
