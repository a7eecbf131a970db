import type { BrowserContext, Route } from 'playwright-core';
import type { PlaygroundHarness } from './playground.js';
import type { SoakRandom } from './soakRandom.js';

/** The live endpoints: long-lived streams the soak never delays, fails or counts as in flight. */
export const STREAM_PATH = /\/api\/(events|live)$/;

/** Whether a URL is one of the API's request/reply routes (not a stream, not a page file). */
export function isApiRequest(url: string): boolean {
  const { pathname } = new URL(url);
  return pathname.startsWith('/api/') && !STREAM_PATH.test(pathname);
}

/** What the browser-side fault layer currently does to each API request. */
interface NetworkMode {
  /** Each request waits a random 0..jitterMs on the server (its own `x-playground-delay`), so replies overtake each other. */
  jitterMs: number;
  /** The probability that a request is cut before it reaches the server (`net::ERR_CONNECTION_RESET` in the page). */
  resetP: number;
}

const CALM: NetworkMode = { jitterMs: 0, resetP: 0 };

/** Requests a `failNext` / `failPattern` switch may target (never the live streams, never login). */
const FAIL_TARGETS = [
  '^PATCH /api/tasks/',
  '^POST /api/tasks$',
  '^DELETE /api/tasks/',
  '^GET /api/tasks$',
  '^GET /api/tasks/\\d+$',
  '^GET /api/stats$',
  '^(GET|POST|PATCH|DELETE) /api/tasks',
];

/**
 * The soak's faults, switched at random: the playground server's own switches (a global delay,
 * `failNext` 500/503 for the next requests of a kind, a `failPattern` outage, every token expired)
 * and, in the browser, a per-request layer (Playwright routing) that gives each API request its
 * own server-side delay (out-of-order replies) or cuts it before it is sent (a connection reset).
 * A cut request never reached the server, so it changed nothing there: what the page shows after
 * a rollback is still the server's truth.
 * @example const faults = await SoakFaults.install(context, pg, rng.fork(1)); await faults.shuffle(rng); await faults.calm();
 */
export class SoakFaults {
  #mode: NetworkMode = CALM;
  /** How many requests each fault touched, for the report. */
  readonly counts = { delayed: 0, reset: 0, switches: 0, expired: 0 };

  private constructor(
    private readonly pg: PlaygroundHarness,
    private readonly net: SoakRandom,
    private readonly note: (line: string) => void,
  ) {}

  /** Routes the context's API requests through the fault layer (calm until `shuffle`); `note` hears what it did to each. */
  static async install(context: BrowserContext, pg: PlaygroundHarness, net: SoakRandom, note: (line: string) => void = () => {}): Promise<SoakFaults> {
    const faults = new SoakFaults(pg, net, note);
    await context.route(url => isApiRequest(url.href), route => faults.#handle(route));
    return faults;
  }

  async #handle(route: Route): Promise<void> {
    const { jitterMs, resetP } = this.#mode;
    const { pathname, search } = new URL(route.request().url());
    const subject = `${route.request().method()} ${pathname}${search}`;
    try {
      if (resetP > 0 && this.net.chance(resetP)) {
        this.counts.reset++;
        this.note(`  (cut before sending: ${subject})`);
        await route.abort('connectionreset');
        return;
      }
      if (jitterMs > 0) {
        this.counts.delayed++;
        const delay = this.net.int(jitterMs);
        this.note(`  (server delay ${delay} ms: ${subject})`);
        const headers = { ...route.request().headers(), 'x-playground-delay': String(delay) };
        await route.continue({ headers });
        return;
      }
      await route.continue();
    } catch {
      // the page (or its context) closed while the request waited: nothing left to route
    }
  }

  /** Switches one fault at random: a server switch, or the browser-side delay/reset layer. */
  async shuffle(rng: SoakRandom): Promise<string> {
    this.counts.switches++;
    switch (rng.int(6)) {
      case 0: {
        const delayMs = rng.pick([0, 0, 50, 150, 400]);
        await this.pg.control({ delayMs });
        return `server delay ${delayMs} ms`;
      }
      case 1: {
        const failNext = { status: rng.pick([500, 503]), count: 1 + rng.int(3), match: rng.pick(FAIL_TARGETS) };
        await this.pg.control({ failNext });
        return `failNext ${JSON.stringify(failNext)}`;
      }
      case 2: {
        const on = rng.chance(0.5);
        const failPattern = on ? { match: rng.pick(FAIL_TARGETS), status: 500 } : null;
        await this.pg.control({ failPattern });
        return `failPattern ${JSON.stringify(failPattern)}`;
      }
      case 3: {
        this.counts.expired++;
        await this.pg.control({ expireTokens: true });
        return 'expire tokens';
      }
      default: {
        this.#mode = { jitterMs: rng.pick([0, 100, 300, 800]), resetP: rng.pick([0, 0, 0.05, 0.15]) };
        return `network ${JSON.stringify(this.#mode)}`;
      }
    }
  }

  /** Every fault off: no delay, no failure, requests pass untouched. */
  async calm(): Promise<void> {
    this.#mode = CALM;
    await this.pg.control({ delayMs: 0, failNext: null, failPattern: null });
  }
}
