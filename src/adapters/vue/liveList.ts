import { shallowRef } from 'vue';
import type { ShallowRef } from 'vue';

// A list of entities as the Vue store composables show it (`useSuspense`, `useCache`, `useLive`,
// `useQuery`; not `useDLE`'s `data`, nor `useMembers`): one array that stays the same while only the
// entities in it change, holding one stable object per entity whose reads track that entity. A row
// given `props.article` re-renders when its entity changes and nothing else does; the component
// rendering the `v-for` re-renders only when the list's membership changes.
//
// Invariants: each listed entity is shown by a read-only proxy over the entity's `shallowRef`, which
// holds the store's current (immutable) value and carries it again, plain, for untracked reads
// (`r`). A read of a field goes through the ref, so Vue tracks the entity per reader; the fields
// `pk()` reads (known to the class's handler) and the class's methods are read plain (they cannot
// change while the proxy shows this entity), so a `v-for` keyed by `article.id` does not follow
// the rows' fields. The proxy's identity lasts
// while the entity stays listed (same class and `pk()`), so `===` holds between renders; the
// array's identity lasts while the membership (entities and order) does. An assignment or a
// `delete` through the proxy throws (the store's values are immutable); `defineProperty` lands on
// the ref (unread: every read goes to the entity), so `markRaw(item)` works. `toRaw(item)` gives the
// store's value as it is now (`__v_raw`), and `__v_skip` keeps Vue from wrapping it deeply
// (`reactive`, a deep `ref`), so no deep reactivity is ever paid; both reads track the entity, so a
// deep `watch` and a render reading `toRaw(item)` still follow it. Each value ref (one per
// composable call) has a presenter of its own: the store's values, and every other reader of the
// same view, are untouched. The bridge runs the presenter on every store update once the ref has
// been read (see `valueRef`), so an object held outside any render (an event handler, a callback
// after `await useSuspense`) reads the current value, never a stale one.
//
// Rejected: re-rendering the list component and diffing 10,000 vnodes per entity update (the
// plain array: what Pinia Colada does); one store subscription per row (`useEntity`: heavier in
// heap and first render); Vue `reactive()` over the data (deep proxies, copies on read); a copy
// per entity kept reactive (twice the heap, and `toRaw` would not be the store's value); a record
// `{ value, ref }` as the target (one more object per row); the store's first value as the target,
// which would drop four traps but leave a key added later out of `Object.keys` and let
// `defineProperty` write into a store value.

type Listed = { pk(): unknown };
/** A listed entity read by any key (`r[key]`, the same read as `Reflect.get(r, key)` in fewer bytes). */
type Fields = Listed & Record<PropertyKey, unknown>;

/**
 * The proxy's target: the entity's `shallowRef` (its value read tracked), carrying the value again
 * for untracked reads (`r`); one object per entity, not a record holding a ref.
 */
interface Live extends ShallowRef<Listed> {
  r: Listed;
}

/**
 * The traps of one entity class's proxies. The keys whose reads need no tracking (`identity`) are
 * those `pk()` reads: they name the entity, and a proxy shows one entity for as long as its `pk()`
 * stays the same. They are recorded on the class's first listed instance and held by its handler,
 * so a row's target carries nothing per class.
 */
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

/**
 * Turns each successive value of one store view into what Vue readers get: an array of entities
 * becomes a stable array of per-entity proxies (see the file comment); anything else passes as
 * it is. Holds the proxies of the last list only. Giving it the same value again changes nothing.
 *
 * @example
 * const present = liveList();
 * const shown = present(store.cache(ArticleResource.getList).value);
 */
export function liveList(): (value: unknown) => unknown {
  let shown: object[] = [];
  let lives: Live[] = [];
  // the list last presented (never a store value before the first): the bridge presents each
  // store value as it arrives and the ref presents it again when read, a second pass over every
  // entity that would change nothing
  let given: unknown = shown;

  return value => {
    if (value === given) return shown;
    given = value;
    // one pass while the membership holds: an entity is an identity check, a changed one sets its
    // ref (its readers re-render); the array stays. An item of another class (or none: `null`)
    // ends it; so an unchanged entity is not even asked whether it is one.
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
    // the membership changed: a new array, keeping the proxies of the entities still listed (a
    // first list keeps none: no map of the pks, no `pk()` call). The arrays are made at their
    // length: a `push`ed one keeps up to half again as much room for as long as the list is shown.
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
