import { shallowRef } from 'vue';
import type { ShallowRef } from 'vue';

// A list of entities as the Vue store composables show it (not `useDLE`'s `data`, nor `useMembers`):
// one array, stable while the membership (entities and order) holds, of one stable proxy per entity
// whose reads track that entity; a row re-renders when its entity changes, the `v-for` only when the
// membership does.
//
// Invariants: the proxy's target is the entity's `shallowRef`, carrying the value again plain (`r`)
// for untracked reads; fields `pk()` reads and class methods are read untracked, so a `v-for` keyed by
// `id` does not follow the rows' fields. Writes and `delete` throw; `defineProperty` lands on the ref,
// so `markRaw(item)` works; `toRaw(item)` is the store's current value and `__v_skip` stops deep
// reactivity. Each composable call has its own presenter, run by the bridge on every update once
// read, so an object held outside a render never reads stale.
//
// Rejected: re-rendering and diffing the whole list per entity update (Pinia Colada); one store
// subscription per row (heavier); `reactive()` (deep proxies); a reactive copy per entity (twice the
// heap, `toRaw` not the store's value); a `{ value, ref }` target (one more object per row); the store
// value as target (a later key missing from `Object.keys`, `defineProperty` writing into the store).

type Listed = { pk(): unknown };
/** A listed entity read by any key (`r[key]`, the same read as `Reflect.get(r, key)` in fewer bytes). */
type Fields = Listed & Record<PropertyKey, unknown>;

/** The proxy's target: the entity's `shallowRef`, with the value again for untracked reads (`r`). */
interface Live extends ShallowRef<Listed> {
  r: Listed;
}

/** Traps of one class's proxies; `identity` (the keys `pk()` reads, recorded once per class) is read untracked. */
function traps(identity: ReadonlySet<PropertyKey>): ProxyHandler<Live> {
  return {
    get(live, key) {
      const r = live.r;
      const value: unknown = key === '__v_skip' || (r as Fields)[key];
      // methods of the class and the fields naming the entity cannot change while this proxy shows it
      if (typeof value === 'function' ? Object.hasOwn(r, key) : !identity.has(key)) void live.value;
      return key === '__v_raw' ? r : value;
    },
    has: (live, key) => key in live.value,
    ownKeys: live => Reflect.ownKeys(live.value),
    // a field the target lacks must be reported configurable (Proxy invariant)
    getOwnPropertyDescriptor: (live, key) => {
      const own = Reflect.getOwnPropertyDescriptor(live.value, key);
      return own && { ...own, configurable: true };
    },
    getPrototypeOf: live => Reflect.getPrototypeOf(live.r),
    // an assignment and a `delete` throw
    set: () => false,
    deleteProperty: () => false,
  };
}

/** The handler of each listed class (see `traps`). */
const handlers = new WeakMap<object, ProxyHandler<Live>>();

function handlerOf(entity: Listed): ProxyHandler<Live> {
  let handler = handlers.get(entity.constructor);
  if (!handler) {
    const keys = new Set<PropertyKey>();
    entity.pk.call(new Proxy(entity as Fields, { get: (target, key) => (keys.add(key), target[key]) }));
    handlers.set(entity.constructor, (handler = traps(keys)));
  }
  return handler;
}

const isListed = (value: unknown): value is Listed => typeof (value as Listed | null | undefined)?.pk === 'function';

/** Presents successive values of one view: an entity array becomes the stable proxy array; anything else passes. */
export function liveList(): (value: unknown) => unknown {
  let shown: object[] = [];
  let lives: Live[] = [];
  // the value last presented: the bridge and the ref both present each value; skip the second pass
  let given: unknown = shown;

  return value => {
    if (value === given) return shown;
    given = value;
    // membership unchanged: a changed entity sets its ref, the array stays
    if (
      Array.isArray(value) &&
      value.length === lives.length &&
      value.every((entity, n) => {
        const live = lives[n]!;
        if (live.r === entity) return true;
        if (live.r.constructor !== (entity as Listed | null)?.constructor || live.r.pk() !== entity.pk()) return false;
        live.value = live.r = entity;
        return true;
      })
    )
      return shown;
    if (!Array.isArray(value) || !value.every(isListed)) return (given = lives = shown = []), value;
    // membership changed: a new array (sized, not pushed: no slack kept), keeping still-listed proxies
    const kept = lives.length > 0 && new Map(lives.map((live, at) => [live.r.pk(), at]));
    const next = new Array<Live>(value.length);
    const before = shown;
    shown = value.map((entity, n) => {
      let at: number | undefined;
      if (kept) {
        const pk = entity.pk();
        at = kept.get(pk);
        kept.delete(pk);
      }
      // (an index `undefined` reads nothing; a ref set to the value it holds triggers nothing)
      const old: Live | undefined = lives[at as number];
      if (old?.r.constructor === entity.constructor) {
        next[n] = old;
        old.value = old.r = entity;
        return before[at as number]!;
      }
      const live = (next[n] = shallowRef(entity) as Live);
      live.r = entity;
      return new Proxy(live, handlerOf(entity));
    });
    lives = next;
    return shown;
  };
}
