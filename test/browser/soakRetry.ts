import type { Page as Tab } from 'playwright-core';
import { RETRY } from './soakCheck.js';

/** How long one click may wait for its button (it may leave the page meanwhile: then it needs no click). */
const CLICK_MS = 1000;

/**
 * Clicks every "Retry" the page shows now, once each, and notes each click with where its button
 * is (`column-retry in column-doing`); returns how many it clicked.
 *
 * Each button is held by its DOM node (an element handle), never by its position: a view whose
 * Retry was clicked comes back as soon as its reply lands, often before the next click, and its
 * button leaves the page. Positions (`nth(i)`, which `locator.all()` returns) then shift: the
 * next click would hit the Retry after the intended one, and the last one's position would be
 * empty, so one failed view would never be retried (the settle then reports it as a view that
 * stayed failed after its Retry). A node that left the page is skipped: its view came back.
 * @example const clicked = await retryAll(tab, line => journal.note(line));
 */
export async function retryAll(tab: Tab, note: (line: string) => void): Promise<number> {
  const buttons = await tab.locator(RETRY).elementHandles();
  let clicked = 0;
  for (const button of buttons) {
    const what = await button
      .evaluate(node => {
        const el = node as Element;
        if (!el.isConnected) return null;
        const where = el.parentElement?.closest('[data-testid]')?.getAttribute('data-testid');
        return `${el.getAttribute('data-testid')}${where ? ` in ${where}` : ''}`;
      })
      .catch(() => null);
    if (what !== null && (await button.click({ timeout: CLICK_MS }).then(() => true, () => false))) {
      note(`  settle: clicked ${what}`);
      clicked++;
    }
    await button.dispose().catch(() => undefined);
  }
  return clicked;
}
