// What every app of the guide pages must do in Chromium: list user 1's todos with the count of open
// ones, and show a toggle before the server has answered it (the reply is held on the server while
// the test looks), then keep it once the reply lands. Nothing is logged to the console and nothing is
// requested from outside the machine. A server-rendered app must also have the list in its HTML and
// hydrate without requesting it again.
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { TodoApi } from './todoApi.js';

/** The app in the test: where it is served, where its API is, whether its server renders the list. */
export interface AppUnderTest {
  readonly url: string;
  readonly apiUrl: string;
  readonly serverRendered: boolean;
}

/**
 * Resolves once a row's checkbox listens for `change`: the page has hydrated, whatever the framework
 * (both attach that listener to the element itself), with no marker in the page's code.
 */
async function hydrated(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await expect.poll(async () => {
      const { result } = await cdp.send('Runtime.evaluate', { expression: "document.querySelector('li input[type=checkbox]')" });
      if (result.objectId === undefined) return false;
      const { listeners } = await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId });
      return listeners.some(l => l.type === 'change');
    }, { timeout: 20_000, interval: 100 }).toBe(true);
  } finally {
    await cdp.detach();
  }
}

export const USER_1 = ['Read the getting-started page', 'Write the resource', 'Toggle a todo'];

/**
 * Runs the checks; `more` runs after them on the same page (a user switch, …).
 * @example await checkTodoApp(browser, api, { url: api.server.url, apiUrl: api.apiUrl });
 */
export async function checkTodoApp(browser: Browser, api: TodoApi, app: AppUnderTest, more?: (page: Page) => Promise<void>): Promise<void> {
  api.reset();
  const page = await browser.newPage();
  const problems: string[] = [];
  const apiRequests: string[] = [];
  page.on('console', message => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    // Chromium asks every page for /favicon.ico; Vite's dev server has none (the pages add no icon)
    if (new URL(message.location().url || app.url).pathname === '/favicon.ico') return;
    problems.push(`${message.type()}: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', error => problems.push(`pageerror: ${error.message}`));
  page.on('request', request => {
    const url = request.url();
    if (url.startsWith(app.apiUrl)) apiRequests.push(`${request.method()} ${url.slice(app.apiUrl.length)}`);
    else if (!url.startsWith(app.url) && !url.startsWith('data:')) problems.push(`outside request: ${url}`);
  });
  try {
    if (app.serverRendered) {
      const html = await (await fetch(app.url)).text();
      for (const title of USER_1) expect(html, 'the list is in the server-rendered HTML').toContain(title);
      expect(html).toMatch(/2(<!--[^>]*-->)? left/);
    }
    await page.goto(app.url);
    const rows = page.locator('li');
    await expect.poll(async () => (await rows.allTextContents()).map(t => t.trim()), { timeout: 20_000 }).toEqual(USER_1);
    await expect.poll(() => page.locator('body').textContent()).toContain('2 left');
    if (app.serverRendered) {
      await hydrated(page);
      expect(apiRequests, 'hydration requests nothing the server rendered').toEqual([]);
    }

    const box = page.getByLabel('Write the resource');
    expect(await box.isChecked()).toBe(false);
    const release = api.server.when('PATCH', '/api/todos/:id', { times: 1 }).hold();
    await box.click();
    const patch = await release.arrived;
    expect(`${patch.path} ${patch.body}`).toBe('/api/todos/2 {"completed":true}');
    // the reply is held: what the page shows now is the optimistic update (the count is rendered
    // from the store; the box alone would show a click even without it)
    await expect.poll(() => page.locator('body').textContent(), { timeout: 2_000, interval: 20 }).toContain('1 left');
    expect(await box.isChecked()).toBe(true);

    const replied = page.waitForResponse(response => response.request().method() === 'PATCH');
    await release();
    await replied;
    expect(api.todos.get(2)?.completed).toBe(true);
    // the reply agrees with the guess: it stays
    await page.waitForTimeout(100);
    expect(await box.isChecked()).toBe(true);
    expect(await page.locator('body').textContent()).toContain('1 left');
    await more?.(page);
    expect(problems).toEqual([]);
  } finally {
    await page.close();
  }
}
