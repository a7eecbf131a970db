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
 * The identity a paused mutation is stored under: its `endpointId` (name or list-member id) and
 * where it goes (method, `urlPrefix` and path template; a GraphQL endpoint's `url`). Names alone
 * collide: `resource()` names members `<Entity.key>.<member>`, so two resources over one entity
 * share them, and every anonymous GraphQL operation is `GQL <url>`.
 *
 * @example
 * storedId(TeamMembers.partialUpdate); // 'User.partialUpdate PATCH https://api.test/teams/:teamId/members/:id'
 */
export function storedId(endpoint: AnyEndpoint): string {
  const { method, urlPrefix, path, url } = endpoint as unknown as Record<string, unknown>;
  const text = (v: unknown): string => (typeof v === 'string' ? v : '');
  const target = typeof path === 'string' ? `${text(method)} ${text(urlPrefix)}${path}` : text(url);
  return target ? `${endpointId(endpoint)} ${target}` : endpointId(endpoint);
}

/** What `persist` finds a stored mutation's endpoint by; `null` marks an identity two endpoints share. */
export interface StorableMutations {
  readonly byId: Map<string, AnyEndpoint | null>;
  /** By name alone, for entries stored before ids were (`null`: ambiguous). */
  readonly byName: Map<string, AnyEndpoint | null>;
  /** The identities shared by two endpoints: refused, neither stored nor restored. */
  readonly ambiguous: string[];
}

/**
 * Every mutation endpoint reachable from `resources`, by `storedId`. Endpoints are found by
 * identity string, not object: a list's `push` is a new endpoint on every access, and after a
 * reload every endpoint is a new object. Two endpoints with one identity are ambiguous: neither
 * is kept (keeping the first sent a mutation to the other's URL after a reload).
 */
export function storableMutations(resources: PersistResources): StorableMutations {
  const byId = new Map<string, AnyEndpoint | null>();
  const byName = new Map<string, AnyEndpoint | null>();
  const ambiguous: string[] = [];
  const put = (map: Map<string, AnyEndpoint | null>, key: string, e: AnyEndpoint): boolean => {
    const seen = map.get(key);
    if (seen === undefined) map.set(key, e);
    else if (seen !== e) {
      map.set(key, null);
      return seen !== null;
    }
    return false;
  };
  const add = (e: AnyEndpoint): void => {
    if (!e.sideEffect) return;
    const id = storedId(e);
    if (put(byId, id, e)) ambiguous.push(id);
    put(byName, endpointId(e), e);
  };
  const visited = new Set<AnyEndpoint>();
  const visit = (value: unknown): void => {
    // a list met twice would give two new members of one identity, not two endpoints
    if (isEndpoint(value) && !visited.has(value)) {
      visited.add(value);
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
  return { byId, byName, ambiguous };
}
