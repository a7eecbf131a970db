import { shallowRef } from 'vue';
import type { ShallowRef } from 'vue';

// A list of entities as `useList` shows it: one array that stays the same while only the
// entities in it change, holding one stable object per entity whose reads track that entity.
// A row given `props.article` re-renders when its entity changes and nothing else does; the
// component rendering the `v-for` re-renders only when the list's membership changes.
//
// Invariants: each listed entity is shown by a read-only proxy over a small target holding the
// store's current (immutable) value twice: plain, and in a `shallowRef`. A read of a field goes
// through the ref, so Vue tracks the entity per reader; the fields `pk()` reads and the class's
// methods are read plain (they cannot change while the proxy shows this entity), so a `v-for`
// keyed by `article.id` does not follow the rows' fields. The proxy's identity lasts while the entity stays listed (same class and
// `pk()`), so `===` holds between renders; the array's identity lasts while the membership
// (entities and order) does. Writes through the proxy fail (the store's values are immutable).
// `toRaw(item)` gives the store's value as it is now (`__v_raw`), and `__v_skip` keeps Vue from
// wrapping it deeply (`reactive`, a deep `ref`), so no deep reactivity is ever paid; both reads
// track the entity, so a deep `watch` and a render reading `toRaw(item)` still follow it.
//
// Rejected: re-rendering the list component and diffing 10,000 vnodes per entity update (the
// plain array: what Pinia Colada does); one store subscription per row (`useEntity`: heavier in
// heap and first render); Vue `reactive()` over the data (deep proxies, copies on read); doing
// this for every store view by default (about 0.5 KiB min+gzip more in the Vue app import, past
// its size guard; and a `watch` of a listed object would no longer fire on a change).

type Listed = { pk(): unknown };

/**
 * The proxy's target: the store's current value of one entity, readable untracked (`raw`) and
 * tracked (`shown.value`, the same object). Both are written together, only by the list.
 */
interface Live {
  raw: Listed;
  readonly shown: ShallowRef<Listed>;
  /** The keys read untracked (`identityOf`). */
  readonly identity: ReadonlySet<PropertyKey>;
}

/**
 * The keys whose reads need no tracking for a class: those `pk()` reads (they name the entity,
 * and the proxy is the entity's for as long as its `pk()` stays the same), recorded on its first
 * listed instance. A `v-for` reading `article.id` for its `:key` so does not re-render on a field
 * change of a row.
 */
const identityKeys = new WeakMap<object, ReadonlySet<PropertyKey>>();

function identityOf(entity: Listed): ReadonlySet<PropertyKey> {
  let keys = identityKeys.get(entity.constructor);
  if (!keys) {
    const read = new Set<PropertyKey>();
    entity.pk.call(new Proxy(entity, { get: (target, key) => (read.add(key), Reflect.get(target, key)) }));
    identityKeys.set(entity.constructor, (keys = read));
  }
  return keys;
}

const no = (): boolean => false;

const handler: ProxyHandler<Live> = {
  get(live, key) {
    const value: unknown = key === '__v_skip' || Reflect.get(live.raw, key);
    // methods of the class and the fields naming the entity cannot change while this proxy shows it
    if (typeof value === 'function' ? Object.hasOwn(live.raw, key) : !live.identity.has(key)) void live.shown.value;
    return key === '__v_raw' ? live.raw : value;
  },
  has: (live, key) => key in live.shown.value,
  ownKeys: live => Reflect.ownKeys(live.shown.value),
  // a field the target lacks must be reported configurable (Proxy invariant)
  getOwnPropertyDescriptor: (live, key) => {
    const own = Reflect.getOwnPropertyDescriptor(live.shown.value, key);
    return own && { ...own, configurable: true };
  },
  getPrototypeOf: live => Reflect.getPrototypeOf(live.raw),
  set: no,
  defineProperty: no,
  deleteProperty: no,
  setPrototypeOf: no,
};

function isListed(value: unknown): value is Listed {
  return typeof (value as Listed | null | undefined)?.pk === 'function';
}

const sameEntity = (a: Listed, b: Listed): boolean => a === b || (a.constructor === b.constructor && a.pk() === b.pk());

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
  let shown: object[] = [];
  let lives: Live[] = [];
  let listed = false;

  return value => {
    if (!Array.isArray(value) || !value.every(isListed)) {
      listed = false;
      lives = shown = [];
      return value;
    }
    const list = value as Listed[];
    if (!listed || list.length !== lives.length || !list.every((entity, i) => sameEntity(lives[i]!.raw, entity))) {
      // the membership changed: a new array, keeping the proxies of the entities still listed
      const kept = new Map<unknown, number>();
      lives.forEach((live, i) => kept.set(live.raw.pk(), i));
      const nextLives: Live[] = [];
      const next: object[] = [];
      for (const entity of list) {
        const at = kept.get(entity.pk());
        kept.delete(entity.pk());
        const old = at === undefined || lives[at]!.raw.constructor !== entity.constructor ? undefined : at;
        const live = old === undefined ? { raw: entity, shown: shallowRef(entity), identity: identityOf(entity) } : lives[old]!;
        nextLives.push(live);
        next.push(old === undefined ? new Proxy(live, handler) : shown[old]!);
      }
      lives = nextLives;
      shown = next;
      listed = true;
    }
    // each changed entity's readers re-render; the array stays while only entities change
    list.forEach((entity, i) => {
      const live = lives[i]!;
      if (live.raw !== entity) live.shown.value = live.raw = entity;
    });
    return shown;
  };
}
