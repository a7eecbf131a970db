import { Entity, RestEndpoint, resource } from 'rest-signals';
import { hookifyResource } from 'rest-signals/vue';

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

/**
 * The resource with the account's `Authorization` header, read per component from the `account`
 * cookie: on the server that is the cookie of the request being rendered, never a module variable.
 */
export const TaskApi = hookifyResource(TaskResource, () => {
  const account = useCookie<string>('account', { default: () => 'alice' });
  return () => ({ headers: { Authorization: `Bearer ${account.value}` } });
});

/** A report the API cannot produce (it always answers 503). */
export const BrokenReport = new RestEndpoint({ urlPrefix: __API_URL__, path: '/broken', name: 'BrokenReport' });

/** The message of the day, read through Nuxt's own data layer. */
export const motdUrl = `${__API_URL__}/motd`;
