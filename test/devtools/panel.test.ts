// @vitest-environment jsdom
// The in-page panel against a real loopback server: what it shows, that network values are text,
// that it renders at most once per frame, that its buttons act on the store, that it subscribes
// nothing and leaves nothing behind.
import { effect } from '@preact/signals-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DataClient } from '../../src/core/index.js';
import { mountDevtools } from '../../src/devtools/index.js';
import type { TestServer } from '../server/createTestServer.js';
import { api, makeClient, startServer } from '../client/fixtures.js';

let server: TestServer;
let client: DataClient;
let ep: ReturnType<typeof api>;
let unmount: (() => void) | undefined;

beforeEach(async () => {
  server = await startServer();
  ep = api(server.url);
  client = makeClient();
});
afterEach(async () => {
  unmount?.();
  unmount = undefined;
  client.destroy();
  await server.close();
});

const frame = () => new Promise<void>(r => requestAnimationFrame(() => setTimeout(r, 0)));
const host = () => document.querySelector<HTMLElement>('[data-rest-signals-devtools]')!;
const $ = (sel: string) => host().shadowRoot!.querySelector<HTMLElement>(sel);
const $$ = (sel: string) => [...host().shadowRoot!.querySelectorAll<HTMLElement>(sel)];
const entityRow = (type: string, pk: string) => $(`[data-testid="rs-entity"][data-type="${type}"][data-pk="${pk}"]`);

describe('mountDevtools', () => {
  it('mounts closed behind a toggle in an open shadow root, opens on click, and unmounts without trace', async () => {
    unmount = mountDevtools(client);
    expect(host().parentElement).toBe(document.body);
    expect($('[data-testid="rs-panel"]')!.hidden).toBe(true);
    $('[data-testid="rs-toggle"]')!.click();
    expect($('[data-testid="rs-panel"]')!.hidden).toBe(false);
    await frame();
    expect($('[data-testid="rs-entities"]')!.textContent).toContain('No entities yet.');
    unmount();
    unmount = undefined;
    expect(document.querySelector('[data-rest-signals-devtools]')).toBeNull();
    // nothing listens any more: a write schedules no render on a removed host
    await client.controller.fetch(ep.getUsers);
  });

  it('shows entities per type with watchers, results with status, and a timeline; search filters by type and pk', async () => {
    const target = document.createElement('div');
    document.body.append(target);
    unmount = mountDevtools(client, { target, initialIsOpen: true });
    expect(host().parentElement).toBe(target);
    const stop = effect(() => void client.dle(ep.getUsers).value);
    await client.controller.fetch(ep.getUsers);
    await frame();
    expect($$('[data-testid="rs-entity"]').map(r => r.dataset.pk)).toEqual(['1', '2', '3']);
    expect(entityRow('User', '2')!.querySelector('[data-testid="rs-watchers"]')!.textContent).toBe('1');
    expect(entityRow('User', '2')!.querySelector('pre')!.textContent).toContain('"name": "Bob"');
    const result = $(`[data-testid="rs-result"][data-key="${ep.getUsers.key()}"]`)!;
    expect(result.dataset.status).toBe('fresh');
    expect(result.querySelector('[data-testid="rs-watchers"]')!.textContent).toBe('1');
    expect($$('[data-testid="rs-timeline-entry"]').map(e => e.dataset.type)).toEqual(['setResponse']);
    stop();
    await frame();
    await new Promise(r => setTimeout(r, 550));
    expect(entityRow('User', '2')!.querySelector('[data-testid="rs-watchers"]')!.textContent).toBe('0');
    const search = $('[data-testid="rs-search"]') as HTMLInputElement;
    search.value = 'user:3';
    search.dispatchEvent(new Event('input'));
    await frame();
    expect($$('[data-testid="rs-entity"]').map(r => r.dataset.pk)).toEqual(['3']);
  });

  it('shows a reply holding markup as text: no element is created from it', async () => {
    const xss = '<img src=x onerror="window.__pwned = true">';
    server.route('GET', '/users/9', () => ({ id: 9, name: xss, count: 0 }));
    server.next.status(500, { error: xss });
    unmount = mountDevtools(client, { initialIsOpen: true });
    await client.controller.fetch(ep.getUser, { id: 5 }).catch(() => undefined);
    await client.controller.fetch(ep.getUser, { id: 9 });
    await frame();
    expect($$('img')).toEqual([]);
    expect(host().shadowRoot!.querySelectorAll('img').length).toBe(0);
    expect(entityRow('User', '9')!.querySelector('pre')!.textContent).toContain(xss.replaceAll('"', '\\"'));
    expect(entityRow('User', '9')!.querySelector('summary')!.textContent).toContain('<img');
    expect((window as { __pwned?: boolean }).__pwned).toBeUndefined();
  });

  it('renders at most once per animation frame however many actions arrive', async () => {
    unmount = mountDevtools(client, { initialIsOpen: true });
    await frame();
    const before = Number(host().dataset.renders);
    for (let i = 0; i < 500; i++) await client.controller.setResponse(ep.getUser, { id: 1 }, { id: 1, name: `Ann ${i}`, count: i });
    await frame();
    const after = Number(host().dataset.renders);
    expect(after - before).toBeGreaterThanOrEqual(1);
    expect(after - before).toBeLessThanOrEqual(2);
    // the timeline is capped
    expect($$('[data-testid="rs-timeline-entry"]').length).toBe(200);
  });

  it('pauses the timeline, and its buttons invalidate a result, expire all and reset the store', async () => {
    unmount = mountDevtools(client, { initialIsOpen: true });
    const stop = effect(() => void client.dle(ep.getUser, { id: 1 }).value);
    await client.controller.fetch(ep.getUser, { id: 1 });
    await frame();
    const requests = server.requests.length;
    $(`[data-testid="rs-result"][data-key="${ep.getUser.key({ id: 1 })}"] [data-testid="rs-invalidate"]`)!.click();
    // the watching view refetches the invalidated result
    await server.waitForRequests(requests + 1);
    await new Promise(r => setTimeout(r, 50));
    await frame();
    expect($(`[data-testid="rs-result"][data-key="${ep.getUser.key({ id: 1 })}"]`)!.dataset.status).toBe('fresh');
    $('[data-testid="rs-pause"]')!.click();
    await frame();
    const recorded = $$('[data-testid="rs-timeline-entry"]').length;
    const beforeExpire = server.requests.length;
    $('[data-testid="rs-expire-all"]')!.click();
    // the result went stale, so the view watching it refetches; the paused timeline records nothing
    await server.waitForRequests(beforeExpire + 1);
    await new Promise(r => setTimeout(r, 50));
    await frame();
    expect($$('[data-testid="rs-timeline-entry"]').length).toBe(recorded);
    $('[data-testid="rs-pause"]')!.click();
    stop();
    $('[data-testid="rs-reset"]')!.click();
    await frame();
    expect(client.stats().entities).toBe(0);
    expect($$('[data-testid="rs-timeline-entry"]')[0]!.dataset.type).toBe('reset');
  });

  it('never makes a view of the app re-run: its reads are untracked', async () => {
    let runs = 0;
    const stop = effect(() => {
      runs++;
      void client.dle(ep.getUsers).value;
    });
    await client.controller.fetch(ep.getUsers);
    const settled = runs;
    unmount = mountDevtools(client, { initialIsOpen: true });
    for (let i = 0; i < 5; i++) await frame();
    $('[data-testid="rs-search"]')!.dispatchEvent(new Event('input'));
    await frame();
    expect(runs).toBe(settled);
    stop();
  });
});
