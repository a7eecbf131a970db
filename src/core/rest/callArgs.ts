/**
 * Splits call arguments into URL parameters and body: an endpoint with a body takes
 * `(params, body)` or just `(body)`, one without takes `(params)`. A module function, not a
 * `#private` method: the request path calls `fetch` on a per-request view whose prototype is the
 * endpoint (to carry the request's `signal`), and a private brand check would reject that view.
 *
 * @example
 * splitArgs(TodoResource.update, [{ id: 1 }, { title: 'x' }]); // [{ id: 1 }, { title: 'x' }]
 * splitArgs(TodoResource.getList.push, [{ title: 'x' }]); // [undefined, { title: 'x' }]
 */
export function splitArgs(endpoint: { readonly hasBody: boolean }, args: readonly unknown[]): [params: object | undefined, body: unknown] {
  if (!endpoint.hasBody) return [args[0] as object | undefined, undefined];
  if (args.length < 2) return [undefined, args[0]];
  return [args[0] as object | undefined, args[args.length - 1]];
}
