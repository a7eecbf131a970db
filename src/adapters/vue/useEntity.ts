import { effect, untracked } from '@preact/signals-core';
import { getCurrentScope, onScopeDispose, shallowRef, toValue } from 'vue';
import type { ComputedRef, MaybeRefOrGetter, ShallowRef } from 'vue';
import type { ReadableSignal, StoreSignals } from '../../core/index.js';
import { isServerSetup, useStoreSignals } from './context.js';

/**
 * What `useEntity` follows: an entity instance (its class is looked up by `pk()`).
 *
 * @example
 * const row: EntityInstance = article;
 */
export interface EntityInstance {
  pk(): string | number | undefined;
}

/** An error the entity's store view threw on its last run, rethrown on read so it reaches `onErrorCaptured`. */
class ViewError {
  constructor(readonly error: unknown) {}
}

function isThenable(value: unknown): boolean {
  return typeof (value as { then?: unknown } | null | undefined)?.then === 'function';
}

/** What one run of a store view shows: its value; `undefined` for "none" or a pending promise; a thrown error wrapped. */
function shownBy(view: ReadableSignal): unknown {
  try {
    return view.value;
  } catch (thrown) {
    return isThenable(thrown) ? undefined : new ViewError(thrown);
  }
}

/**
 * The ref `useEntity` returns: one object, one shallow ref and, once read, one subscription per row
 * (no `watch`, `computed` or scope of its own).
 *
 * Invariants: subscribes on first read, moves when the source gives another entity (new before old
 * released); at most one subscription, none after `stop()`. `#shown` changes only on identity change.
 * On the server nothing is subscribed: each read reads the store afresh.
 */
class EntityRef<E extends EntityInstance> {
  /** Vue reads this object as a ref: templates unwrap it, `isRef` and `unref` know it. */
  readonly __v_isRef = true;
  readonly #source: MaybeRefOrGetter<E>;
  readonly #store: StoreSignals;
  readonly #server: boolean;
  /** The followed entity's value as its store view last showed it (`undefined`: none). */
  readonly #shown: ShallowRef<unknown> = shallowRef(undefined);
  #view: ReadableSignal | undefined;
  #schema: unknown;
  #pk: string | undefined;
  #release: (() => void) | undefined;
  #stopped = false;

  constructor(source: MaybeRefOrGetter<E>, store: StoreSignals, server: boolean) {
    this.#source = source;
    this.#store = store;
    this.#server = server;
  }

  get value(): E {
    const given = toValue(this.#source);
    const pk = given.pk();
    const key = pk === undefined ? undefined : String(pk);
    if (!this.#stopped && (this.#view === undefined || given.constructor !== this.#schema || key !== this.#pk)) {
      this.#follow(given.constructor, key);
    }
    const shown = this.#server ? (this.#view === undefined ? undefined : shownBy(this.#view)) : this.#shown.value;
    if (shown instanceof ViewError) throw shown.error;
    return (shown as E | undefined) ?? given;
  }

  /** Follows the store view of `schema`/`key` (none when the entity has no pk yet). */
  #follow(schema: unknown, key: string | undefined): void {
    this.#schema = schema;
    this.#pk = key;
    const view = key === undefined ? { value: undefined } : this.#store.query(schema, key);
    this.#view = view;
    if (this.#server) return;
    const shown = this.#shown;
    const next = key === undefined ? undefined : effect(() => {
      const value = shownBy(view);
      untracked(() => {
        shown.value = value;
      });
    });
    if (key === undefined) shown.value = undefined;
    const previous = this.#release;
    this.#release = next;
    previous?.();
  }

  /** Releases the subscription for good (the owning scope is disposed). */
  stop(): void {
    this.#stopped = true;
    const previous = this.#release;
    this.#release = undefined;
    previous?.();
  }
}

/**
 * A readonly ref of `entity` as the store shows it now: a row re-renders only when its entity (or
 * one nested in it) changes. Pair with `useMembers` for big lists. Gives `entity` as passed while
 * the store lacks it.
 *
 * @example
 * const ArticleRow = defineComponent({
 *   props: { article: { type: Article, required: true } },
 *   setup(props) {
 *     const article = useEntity(() => props.article);
 *     return () => h('li', `${article.value.title} · ${article.value.author.name}`);
 *   },
 * });
 */
export function useEntity<E extends EntityInstance>(entity: MaybeRefOrGetter<E>): ComputedRef<E> {
  const ref = new EntityRef(entity, useStoreSignals('useEntity'), isServerSetup());
  if (getCurrentScope()) onScopeDispose(() => ref.stop());
  return ref as unknown as ComputedRef<E>;
}
