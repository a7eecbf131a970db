import type { AnyEndpoint } from '../controller/Controller.js';
import { endpointId } from '../rest/endpointId.js';

/**
 * The resources (or endpoints) whose paused mutations `persist` may store and restore: an array
 * or an object of `resource()` results and endpoints.
 *
 * @example
 * persist(client, { storage, resources: [TaskResource, UserResource] });
 */
export type PersistResources = readonly object[] | Readonly<Record<string, object>>;

/** The members a list endpoint derives on access (getters: a new endpoint each time). */
const LIST_MEMBERS = ['push', 'unshift', 'remove', 'move'] as const;

function isEndpoint(value: unknown): value is AnyEndpoint {
  return typeof value === 'function' && typeof (value as { key?: unknown }).key === 'function' && typeof (value as { name?: unknown }).name === 'string';
}

/**
 * Every mutation endpoint reachable from `resources`, by its `endpointId` (its `name`, or the
 * member id of a list member whose name it shares, such as `unshift` beside `push`). Endpoints are found by name,
 * not identity: a list's `push` is a new endpoint on every access, and after a reload every
 * endpoint is a new object. Two endpoints with one name are ambiguous: the first is kept and the
 * name is reported in `duplicates`.
 */
export function mutationsByName(resources: PersistResources): { byName: Map<string, AnyEndpoint>; duplicates: string[] } {
  const byName = new Map<string, AnyEndpoint>();
  const duplicates: string[] = [];
  const add = (e: AnyEndpoint): void => {
    if (!e.sideEffect) return;
    const id = endpointId(e);
    const seen = byName.get(id);
    if (!seen) byName.set(id, e);
    else if (seen !== e && !duplicates.includes(id)) duplicates.push(id);
  };
  const visit = (value: unknown): void => {
    if (isEndpoint(value)) {
      add(value);
      if (!value.sideEffect) {
        for (const m of LIST_MEMBERS) {
          let member: unknown;
          try {
            member = (value as unknown as Record<string, unknown>)[m];
          } catch {
            continue; // not a list: its schema has no Collection to push to
          }
          if (isEndpoint(member)) add(member);
        }
      }
    }
  };
  const list = Array.isArray(resources) ? resources : Object.values(resources);
  for (const r of list) {
    if (isEndpoint(r)) visit(r);
    else if (typeof r === 'object' && r !== null) for (const k of Object.keys(r)) visit((r as Record<string, unknown>)[k]);
  }
  return { byName, duplicates };
}
