import type { ElementHandle, Page as Tab } from 'playwright-core';
import { RETRY } from './soakCheck.js';

/** How long one click may wait for its button (it may leave the page meanwhile: then it needs no click). */
const CLICK_MS = 1000;
/** Passes over the page: a later one finds the Retry of a view that re-rendered its button meanwhile. */
const PASSES = 3;

/** Where a Retry is (`column-retry in column-doing`), or null when its node has left the page. */
function placeOf(button: ElementHandle<Node>): Promise<string | null> {
  return button
    .evaluate(node => {
      const el = node as Element;
      if (!el.isConnected) return null;
      const where = el.parentElement?.closest('[data-testid]')?.getAttribute('data-testid');
      return `${el.getAttribute('data-testid')}${where ? ` in ${where}` : ''}`;
    })
    .catch(() => null);
}

/**
 * Clicks the "Retry" of every failed view the page shows now, once per view, and notes each click
 * with where its button is (`column-retry in column-doing`); returns how many it clicked.
 *
 * Each button is held by its DOM node (an element handle), never by its position: a view whose
 * Retry was clicked comes back as soon as its reply lands, often before the next click, and its
 * button leaves the page. Positions (`nth(i)`, which `locator.all()` returns) then shift: the
 * next click would hit the Retry after the intended one, and the last one's position would be
 * empty, so one failed view would never be retried (the settle then reports it as a view that
 * stayed failed after its Retry). A node that left the page is skipped: its view came back, or
 * it re-rendered its failure with a new button, which the next pass finds (a view is known by
 * its place, so one already clicked is not clicked again while its request runs).
 * @example const clicked = await retryAll(tab, line => journal.note(line));
 */
export async function retryAll(tab: Tab, note: (line: string) => void): Promise<number> {
  const clicked = new Set<string>();
  for (let pass = 0; pass < PASSES; pass++) {
    const before = clicked.size;
    for (const button of await tab.locator(RETRY).elementHandles()) {
      const place = await placeOf(button);
      if (place !== null && !clicked.has(place) && (await button.click({ timeout: CLICK_MS }).then(() => true, () => false))) {
        note(`  settle: clicked ${place}`);
        clicked.add(place);
      }
      await button.dispose().catch(() => undefined);
    }
    if (clicked.size === before) break;
  }
  return clicked.size;
}
