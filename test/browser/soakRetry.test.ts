// The soak's settle clicks every "Retry" shown, once each, even when views come back between clicks.
import type { Browser, Page as Tab } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchChromium } from './chromium.js';
import { retryAll } from './soakRetry.js';

/**
 * Four failed views, as the board shows them after an outage: each Retry's view comes back at
 * once (its fallback leaves the page inside the click), and the first one's click also brings
 * back the last view (its reply answered both), whose Retry then needs no click. With `rerender`,
 * the first click also re-renders the second view's failure with a new button (as the vanilla
 * page replaces a column's children when its state changes): that view is still failed.
 */
const page = (rerender: boolean) => `<!doctype html>
<section data-testid="column-todo"><p><button data-testid="column-retry">Retry</button></p></section>
<section data-testid="column-doing"><p><button data-testid="column-retry">Retry</button></p></section>
<section data-testid="column-done"><p><button data-testid="column-retry">Retry</button></p></section>
<section data-testid="stats"><p><button data-testid="stats-retry">Retry</button></p></section>
<script>
  globalThis.clicked = [];
  const onClick = event => {
    const b = event.currentTarget;
    const section = b.closest('section');
    clicked.push(section.dataset.testid);
    b.parentElement.remove();
    if (section.dataset.testid !== 'column-todo') return;
    document.querySelector('[data-testid="stats"] p').remove();
    if (${rerender}) {
      const p = document.querySelector('[data-testid="column-doing"] p');
      const again = p.cloneNode(true);
      again.firstChild.addEventListener('click', onClick);
      p.replaceWith(again);
    }
  };
  for (const b of document.querySelectorAll('button')) b.addEventListener('click', onClick);
</script>`;

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

test.each([
  ['though earlier clicks take buttons off the page', false],
  ['though a view re-rendered its failure with a new button', true],
])('retryAll clicks the Retry of each failed view once, %s', async (_, rerender) => {
  const tab: Tab = await browser.newPage();
  const unexpected: string[] = [];
  tab.on('pageerror', e => unexpected.push(e.message));
  tab.on('console', m => {
    if (m.type() === 'error' || m.type() === 'warning') unexpected.push(`${m.type()}: ${m.text()}`);
  });
  await tab.setContent(page(rerender));
  const notes: string[] = [];

  const count = await retryAll(tab, line => notes.push(line.trim()));

  // each failed view once (a re-rendered one is found by a later pass, so after the others)
  expect((await tab.evaluate(() => (globalThis as unknown as { clicked: string[] }).clicked)).sort()).toEqual(['column-doing', 'column-done', 'column-todo']);
  expect(count).toBe(3);
  expect(notes.sort()).toEqual([
    'settle: clicked column-retry in column-doing',
    'settle: clicked column-retry in column-done',
    'settle: clicked column-retry in column-todo',
  ]);
  expect(await tab.locator('button').count()).toBe(0);
  expect(unexpected).toEqual([]);
  await tab.close();
});
