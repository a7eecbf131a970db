// docs/guide/nuxt.md, built from nothing and driven in Chromium (test/fresh/docs/ssrPage.ts); Nuxt 4.6
// needs Node 22.
import { expect } from 'vitest';
import { describeSsrPage } from './ssrPage.js';

describeSsrPage({
  name: 'Nuxt',
  page: 'guide/nuxt.md',
  node: 22,
  // the page's user picker: user 2's list is another key, fetched, never user 1's rows
  async more(page, api) {
    const before = api.server.requests.length;
    await page.selectOption('select', '2');
    await expect.poll(async () => (await page.locator('li').allTextContents()).map(t => t.trim()), { timeout: 10_000 }).toEqual(['Someone else’s todo']);
    expect(api.server.requests.slice(before).map(r => `${r.method} ${r.url}`)).toEqual(['GET /api/todos?userId=2']);
  },
});
