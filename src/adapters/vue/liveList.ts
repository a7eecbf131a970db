import { shallowRef } from 'vue';
import type { ShallowRef } from 'vue';

// A list of entities as a Vue view shows it: one array that stays the same while only the
// entities in it change, holding one stable object per entity whose reads track that entity.
// A row given `props.article` re-renders when its entity changes and nothing else does; the
// component rendering the `v-for` re-renders only when the list's membership changes.
//
// Invariants: each listed entity is shown by a read-only proxy over a `shallowRef` of the
// store's current (immutable) value; every read through it reads the ref, so Vue tracks the
// entity per reader. The proxy's identity lasts while the entity stays listed (same class and
// `pk()`), so `===` holds between renders; the array's identity lasts while the membership
// (entities and order) does. Writes through the proxy fail (the store's values are immutable).
// `toRaw(item)` gives the store's value as it is now (`__v_raw`), and `__v_skip` keeps Vue from
// wrapping it deeply (`reactive`, a deep `ref`), so no deep reactivity is ever paid; both reads
// track the entity, so a deep `watch` and a render reading `toRaw(item)` still follow it.
//
// Rejected: re-rendering the list component and diffing 10,000 vnodes per entity update (the
// plain array: what Pinia Colada does); one store subscription per row (`useEntity`: heavier in
// heap and first render); Vue `reactive()` over the data (deep proxies, copies on read).

/** What a listed entity is: an object with `pk()`, as every Entity instance has. */
function isEntity(value: unknown): value is { pk(): unknown } {
  return typeof value === 'object' && value !== null && typeof (value as { pk?: unknown }).pk === 'function';
}

/**
 * The proxy's target: the store's current value of one entity, readable untracked (`raw`) and
 * tracked (`shown.value`, the same object). Both are written together, only by the list.
 */
interface Live {
  raw: { pk(): unknown };
  readonly shown: ShallowRef<object>;
  /** The keys of `raw`'s class read untracked (`identityOf`). */
  readonly identity: ReadonlySet<PropertyKey>;
}

/**
 * The keys whose reads need no tracking for a class: those `pk()` reads (they name the entity,
 * and the proxy is the entity's for as long as its `pk()` stays the same), recorded on its first
 * listed instance. A `v-for` reading `article.id` for its `:key` so does not re-render on a field
 * change of a row.
 */
const identityKeys = new WeakMap<object, ReadonlySet<PropertyKey>>();

function identityOf(entity: { pk(): unknown }): ReadonlySet<PropertyKey> {
  let keys = identityKeys.get(entity.constructor);
  if (keys === undefined) {
    const read = new Set<PropertyKey>();
    entity.pk.call(new Proxy(entity, { get: (target, key) => (read.add(key), Reflect.get(target, key)) }));
    identityKeys.set(entity.constructor, (keys = read));
  }
  return keys;
}

const handler: ProxyHandler<Live> = {
  get(target, key) {
    const raw = target.raw;
    if (key === '__v_skip') return void target.shown.value, true;
    if (key === '__v_raw') return target.shown.value;
    const value: unknown = Reflect.get(raw, key);
    // methods of the class and the fields naming the entity cannot change while this proxy shows it
    if (typeof value === 'function' ? !Object.hasOwn(raw, key) : target.identity.has(key)) return value;
    void target.shown.value;
    return value;
  },
  has: (target, key) => (void target.shown.value, Reflect.has(target.raw, key)),
  ownKeys: target => (void target.shown.value, Reflect.ownKeys(target.raw)),
  getOwnPropertyDescriptor(target, key) {
    void target.shown.value;
    const own = Reflect.getOwnPropertyDescriptor(target.raw, key);
    // a field the target lacks must be reported configurable (Proxy invariant)
    return own && { ...own, configurable: true };
  },
  getPrototypeOf: target => Reflect.getPrototypeOf(target.raw),
  set: () => false,
  defineProperty: () => false,
  deleteProperty: () => false,
  setPrototypeOf: () => false,
};

function update(live: Live, entity: { pk(): unknown }): void {
  live.raw = entity;
  live.shown.value = entity;
}

function pkOf(entity: { pk(): unknown }): string {
  return String(entity.pk());
}

/**
 * Turns each successive value of one store view into what Vue readers get: an array of entities
 * becomes a stable array of per-entity proxies (see the file comment); anything else passes as
 * it is. Holds the proxies of the last list only.
 *
 * @example
 * const present = liveList();
 * const shown = present(store.cache(ArticleResource.getList).value);
 */
export function liveList(): (value: unknown) => unknown {
  let shown: readonly object[] | undefined;
  let refs: Live[] = [];

  const rebuild = (list: readonly { pk(): unknown }[]): readonly object[] => {
    const previous = new Map<string, number>();
    for (let i = 0; i < refs.length; i++) previous.set(pkOf(refs[i]!.raw), i);
    const nextRefs: Live[] = new Array(list.length);
    const next: object[] = new Array(list.length);
    for (let i = 0; i < list.length; i++) {
      const entity = list[i]!;
      const at = previous.get(pkOf(entity));
      const old = at === undefined ? undefined : refs[at];
      if (old !== undefined && old.raw.constructor === entity.constructor) {
        if (old.raw !== entity) update(old, entity);
        previous.delete(pkOf(entity));
        nextRefs[i] = old;
        next[i] = shown![at!]!;
      } else {
        const live: Live = { raw: entity, shown: shallowRef<object>(entity), identity: identityOf(entity) };
        nextRefs[i] = live;
        next[i] = new Proxy(live, handler);
      }
    }
    refs = nextRefs;
    return next;
  };

  return value => {
    if (!Array.isArray(value) || !value.every(isEntity)) {
      shown = undefined;
      refs = [];
      return value;
    }
    const list = value as readonly { pk(): unknown }[];
    if (shown !== undefined && list.length === refs.length) {
      let same = true;
      for (let i = 0; i < list.length && same; i++) {
        const now = refs[i]!.raw;
        const entity = list[i]!;
        same = now === entity || (now.constructor === entity.constructor && pkOf(now) === pkOf(entity));
      }
      if (same) {
        // only entities changed: the same array; each changed entity's readers re-render
        for (let i = 0; i < list.length; i++) if (refs[i]!.raw !== list[i]) update(refs[i]!, list[i]!);
        return shown;
      }
    }
    shown = rebuild(list);
    return shown;
  };
}
