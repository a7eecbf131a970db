// The soak's settle clicks every "Retry" shown, once each, even when views come back between clicks.
import type { Browser, Page as Tab } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchChromium } from './chromium.js';
import { retryAll } from './soakRetry.js';

/**
 * Four failed views, as the Solid board shows them after an outage: each Retry's view comes back
 * at once (its fallback leaves the page inside the click), and the first one's click also brings
 * back the last view (its reply answered both), whose Retry then needs no click.
 */
const PAGE = `<!doctype html>
<section data-testid="column-todo"><p><button data-testid="column-retry">Retry</button></p></section>
<section data-testid="column-doing"><p><button data-testid="column-retry">Retry</button></p></section>
<section data-testid="column-done"><p><button data-testid="column-retry">Retry</button></p></section>
<section data-testid="stats"><p><button data-testid="stats-retry">Retry</button></p></section>
<script>
  globalThis.clicked = [];
  for (const b of document.querySelectorAll('button')) {
    b.addEventListener('click', () => {
      const section = b.closest('section');
      clicked.push(section.dataset.testid);
      b.parentElement.remove();
      if (section.dataset.testid === 'column-todo') document.querySelector('[data-testid="stats"] p').remove();
    });
  }
</script>`;

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

test('retryAll clicks each Retry shown once, though earlier clicks take buttons off the page', async () => {
  const tab: Tab = await browser.newPage();
  const unexpected: string[] = [];
  tab.on('pageerror', e => unexpected.push(e.message));
  tab.on('console', m => {
    if (m.type() === 'error' || m.type() === 'warning') unexpected.push(`${m.type()}: ${m.text()}`);
  });
  await tab.setContent(PAGE);
  const notes: string[] = [];

  const count = await retryAll(tab, line => notes.push(line.trim()));

  expect(await tab.evaluate(() => (globalThis as unknown as { clicked: string[] }).clicked)).toEqual(['column-todo', 'column-doing', 'column-done']);
  expect(count).toBe(3);
  expect(notes).toEqual([
    'settle: clicked column-retry in column-todo',
    'settle: clicked column-retry in column-doing',
    'settle: clicked column-retry in column-done',
  ]);
  expect(await tab.locator('button').count()).toBe(0);
  expect(unexpected).toEqual([]);
  await tab.close();
});
