/**
 * The identity a mutation is stored under when it is persisted while offline: the endpoint's
 * `name`, except for the list members that share one name (as in data-client 0.18, `push`,
 * `unshift` and `assign` are all named `<list>.create`, `remove` and `move` both
 * `<list>.partialUpdate`). Those members get their own id, `<list>.push`, `<list>.move`, ...,
 * so a paused `unshift` restored after a reload is an `unshift` again, not a `push`.
 *
 * Ids are kept outside the endpoint (in a WeakMap), so `extend()`, which copies an endpoint's own
 * properties, gives the new endpoint its own name as its id rather than inheriting the member's.
 */
const ids = new WeakMap<object, string>();

/**
 * The persisted identity of `endpoint`: its member id when it has one, else its `name`.
 *
 * @example
 * endpointId(TodoResource.getList.unshift); // 'Todo.getList.unshift' (its name is 'Todo.getList.create')
 * endpointId(TodoResource.update); // 'Todo.update'
 */
export function endpointId(endpoint: { readonly name: string }): string {
  // A request runs on a view whose prototype is the endpoint; an extended endpoint's chain holds
  // only classes' prototypes, never the member it was extended from.
  for (let e: object | null = endpoint; e !== null && e !== Function.prototype; e = Object.getPrototypeOf(e) as object | null) {
    const id = ids.get(e);
    if (id !== undefined) return id;
  }
  return endpoint.name;
}

/**
 * Gives a list member its own persisted identity (see `endpointId`).
 *
 * @example
 * assignEndpointId(member, `${list.name}.unshift`);
 */
export function assignEndpointId<E extends object>(endpoint: E, id: string): E {
  ids.set(endpoint, id);
  return endpoint;
}
