// Counts the timers the library itself starts and has not yet fired or cleared. Node's
// `getActiveResourcesInfo()` also lists the HTTP stack's own timers (keep-alive, undici's clock), so
// a raw delta is noise; this wraps the global timer functions and attributes each timer to its
// caller by stack, keeping only those started from `src/`.

interface Tracked {
  readonly kind: 'timeout' | 'interval';
  readonly stack: string;
  done: boolean;
}

const FROM_LIBRARY = /[\\/]src[\\/](core|adapters)[\\/]/;

export interface TimerTracker {
  /** Library timers still pending (a timeout not yet fired or cleared, an interval not cleared). */
  pending(): readonly string[];
  /** Restores the global timer functions. */
  restore(): void;
}

/** Starts tracking library timers; call `restore()` when done. */
export function trackTimers(): TimerTracker {
  const g = globalThis as unknown as Record<string, (...a: unknown[]) => unknown>;
  const original = {
    setTimeout: g.setTimeout!,
    setInterval: g.setInterval!,
    clearTimeout: g.clearTimeout!,
    clearInterval: g.clearInterval!,
  };
  const live = new Map<unknown, Tracked>();
  const wrap = (kind: Tracked['kind'], start: (...a: unknown[]) => unknown) =>
    function (this: unknown, fn: unknown, ...rest: unknown[]) {
      const stack = new Error().stack ?? '';
      if (!FROM_LIBRARY.test(stack.split('\n').slice(2).join('\n')) || typeof fn !== 'function') return start.call(this, fn, ...rest);
      const t: Tracked = { kind, stack, done: false };
      const handle = start.call(
        this,
        function (this: unknown, ...args: unknown[]) {
          if (kind === 'timeout') t.done = true;
          return (fn as (...a: unknown[]) => unknown).apply(this, args);
        },
        ...rest,
      );
      live.set(handle, t);
      return handle;
    };
  const clear = (stop: (h: unknown) => unknown) =>
    function (this: unknown, handle: unknown) {
      const t = live.get(handle);
      if (t) t.done = true;
      return stop.call(this, handle);
    };
  g.setTimeout = wrap('timeout', original.setTimeout);
  g.setInterval = wrap('interval', original.setInterval);
  g.clearTimeout = clear(original.clearTimeout);
  g.clearInterval = clear(original.clearInterval);
  return {
    pending: () => [...live.values()].filter(t => !t.done).map(t => `${t.kind} from ${t.stack.split('\n').slice(2, 5).join(' | ')}`),
    restore() {
      Object.assign(g, original);
    },
  };
}
