/**
 * Where the playground's resource definitions send their requests. Every endpoint in
 * `playground/shared` reads `apiConfig.urlPrefix` when it builds a URL (not when it is defined), so
 * the pages keep the default (`/api`, the same origin that served them) and Node code, which has
 * no origin, sets an absolute address first.
 * @example
 * apiConfig.urlPrefix = `${server.url}/api`; // in a Node test
 * await TaskResource.get({ id: 1 });           // GET http://127.0.0.1:54321/api/tasks/1
 */
export const apiConfig: { urlPrefix: string } = { urlPrefix: '/api' };
