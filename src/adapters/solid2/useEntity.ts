import { effect } from '@preact/signals-core';
import { createSignal, getOwner, onCleanup, type Accessor } from 'solid-js';
import { isServer } from '@solidjs/web';
import type { ReadableSignal } from '../../core/index.js';
import { readValue } from '../solid/args.js';
import { ViewError, shownBy, type EntityInstance } from '../solid/entityView.js';
import type { MaybeAccessor } from '../solid/types.js';
import { deliver } from './bridge.js';
import { useStoreSignals } from './context.js';

export type { EntityInstance };

/** The view of an entity without a primary key: it shows nothing. */
const none: ReadableSignal = { value: undefined };

/**
 * An accessor of `entity` as the store shows it now: it follows that entity's own signal (found
 * by its class and `pk()`), so a row re-renders when its entity (or an entity nested in it)
 * changes and nothing else re-runs. Pair it with `useMembers` for big lists. Until the store
 * holds the entity (or once it is removed, before the list drops its row) it gives `entity` as
 * passed. The subscription is made on the first read (the row's first render) and ends with the
 * owner.
 *
 * Invariants: one Solid signal (a change counter) and, once read, one store subscription per row.
 * The value is the store's, kept in a plain variable the subscription writes; the counter only
 * tells Solid to read again. The view is moved when the source gives another entity (class or
 * key); the new view is subscribed before the old one is released. On the server nothing is
 * subscribed: each read reads the store afresh.
 *
 * @example
 * function ArticleRow(props: { article: Article }) {
 *   const article = useEntity(() => props.article);
 *   return <li>{article().title} · {article().author.name}</li>;
 * }
 */
export function useEntity<E extends EntityInstance>(entity: MaybeAccessor<E>): Accessor<E> {
  const store = useStoreSignals('useEntity');
  const [version, setVersion] = createSignal(0, { ownedWrite: true });
  let count = 0;
  let queued = false;
  let first = false;
  let shown: unknown;
  let given: E | undefined;
  let view: ReadableSignal | undefined;
  let schema: unknown;
  let pk: string | undefined;
  let release: (() => void) | undefined;
  let stopped = false;
  const publish = (): void => {
    queued = false;
    setVersion(++count);
  };
  // the store's effect: keeps `shown` current and, after its first run, tells Solid
  const run = (): void => {
    shown = shownBy(view!);
    if (first) first = false;
    else if (!queued) {
      queued = true;
      deliver(publish);
    }
  };
  if (!isServer && getOwner()) {
    onCleanup(() => {
      stopped = true;
      const previous = release;
      release = undefined;
      previous?.();
    });
  }
  return () => {
    const g = readValue(entity);
    // an instance's class and `pk()` are read once: the store never mutates an entity it handed out
    if (g !== given) {
      given = g;
      const key = g.pk();
      const nextPk = key === undefined ? undefined : String(key);
      if (!stopped && (view === undefined || g.constructor !== schema || nextPk !== pk)) {
        schema = g.constructor;
        pk = nextPk;
        view = nextPk === undefined ? none : store.query(schema, nextPk);
        if (!isServer) {
          first = true;
          const next = nextPk === undefined ? undefined : effect(run);
          if (nextPk === undefined) shown = undefined;
          const previous = release;
          release = next;
          previous?.();
        }
      }
    }
    let now: unknown;
    if (isServer) now = view === undefined ? undefined : shownBy(view);
    else {
      version();
      now = shown;
    }
    if (now instanceof ViewError) throw now.error;
    return (now as E | undefined) ?? g;
  };
}
