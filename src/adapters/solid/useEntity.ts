import { effect, untracked } from '@preact/signals-core';
import { createSignal, getOwner, onCleanup, type Accessor } from 'solid-js';
import { isServer } from 'solid-js/web';
import type { ReadableSignal } from '../../core/index.js';
import { ViewError, shownBy, type EntityInstance } from './entityView.js';
import { readValue } from './args.js';
import { useStoreSignals } from './context.js';
import type { MaybeAccessor } from './types.js';

export type { EntityInstance };

// The untracked write is one shared function, not a closure per row; cleared before the write,
// since rows it re-renders may set them again.
let pendingSet: ((value: unknown) => void) | undefined;
let pending: unknown;
function writePending(): void {
  const set = pendingSet!;
  const value = pending;
  pendingSet = undefined;
  pending = undefined;
  set(value);
}

/** The view of an entity without a primary key: it shows nothing. */
const none: ReadableSignal = { value: undefined };

/**
 * An accessor of `entity` as the store shows it now: a row re-renders only when its entity (or one
 * nested in it) changes. Pair with `useMembers` for big lists. Gives `entity` as passed while the
 * store lacks it.
 *
 * @example
 * function ArticleRow(props: { article: Article }) {
 *   const article = useEntity(() => props.article);
 *   return <li>{article().title} · {article().author.name}</li>;
 * }
 */
export function useEntity<E extends EntityInstance>(entity: MaybeAccessor<E>): Accessor<E> {
  const store = useStoreSignals('useEntity');
  // never a function (an entity, a ViewError or undefined), so it is set as a value, no updater closure
  const [shown, setShown] = createSignal<unknown>(undefined);
  let given: E | undefined;
  let view: ReadableSignal | undefined;
  let schema: unknown;
  let pk: string | undefined;
  let release: (() => void) | undefined;
  let stopped = false;
  // the store's effect: what the view shows, handed to Solid untracked (one closure per row, none per run)
  const run = (): void => {
    pendingSet = setShown;
    pending = shownBy(view!);
    untracked(writePending);
  };
  if (getOwner()) {
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
          // the new view is subscribed before the old one is released (an entity both show stays watched)
          const next = nextPk === undefined ? undefined : effect(run);
          if (nextPk === undefined) setShown(undefined);
          const previous = release;
          release = next;
          previous?.();
        }
      }
    }
    const now = isServer ? (view === undefined ? undefined : shownBy(view)) : shown();
    if (now instanceof ViewError) throw now.error;
    return (now as E | undefined) ?? g;
  };
}
