let last = 0;

/**
 * The start time of a write (ms since epoch), strictly increasing across calls: two requests
 * issued within one millisecond still get distinct, ordered dates (the later one a fraction of a
 * millisecond after), so "a reply to an earlier request never overwrites a later one" holds even
 * when `Date.now()` does not move between them.
 *
 * @example
 * const a = requestClock();
 * const b = requestClock();
 * b > a; // true, even within one millisecond
 */
export function requestClock(): number {
  const now = Date.now();
  last = now > last ? now : last + 1 / 1024;
  return last;
}
