import type { Page as Tab } from 'playwright-core';
import { isApiRequest } from './soakFaults.js';

/**
 * A timeline of one soak run: every action with its target, every fault switched, every API
 * request the page sent (with its body) and how it ended. Written next to the test results
 * when the soak fails, so a divergence can be traced to the requests that caused it.
 * @example const journal = new SoakJournal(); journal.follow(tab); journal.note('toggle #3');
 */
export class SoakJournal {
  readonly #start = Date.now();
  readonly lines: string[] = [];

  /** Adds one line, stamped with the milliseconds since the run began. */
  note(line: string): void {
    this.lines.push(`${String(Date.now() - this.#start).padStart(7)} ${line}`);
  }

  /** Records the tab's API requests and their outcomes. */
  follow(tab: Tab): void {
    const name = (r: { method(): string; url(): string }) => {
      const u = new URL(r.url());
      return `${r.method()} ${u.pathname}${u.search}`;
    };
    tab.on('request', r => {
      if (isApiRequest(r.url())) this.note(`  → ${name(r)}${r.postData() ? ` ${r.postData()}` : ''}`);
    });
    tab.on('response', r => {
      if (isApiRequest(r.url())) this.note(`  ← ${r.status()} ${name(r.request())}`);
    });
    tab.on('requestfailed', r => {
      if (isApiRequest(r.url())) this.note(`  ✗ ${r.failure()?.errorText ?? 'failed'} ${name(r)}`);
    });
  }

  /** The last `n` lines, for a failure message. */
  tail(n: number): string {
    return this.lines.slice(-n).join('\n');
  }
}
