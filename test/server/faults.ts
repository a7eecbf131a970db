import type { RecordedRequest } from './types.js';

/** A release function returned by `hold()`: sends the held reply; resolves once it is written. */
export interface Release {
  (): Promise<void>;
  /** Resolves with the request once it has arrived (and its reply is being held). */
  readonly arrived: Promise<RecordedRequest>;
}

/** The faults one request may suffer; several can combine (`delay(50).status(500)`). */
export interface FaultSpec {
  delayMs?: number;
  status?: { code: number; body?: unknown };
  malformed?: boolean;
  noContent?: boolean;
  reset?: boolean;
  drop?: boolean;
  hold?: { gate: Promise<void>; open: () => void; arrived: (req: RecordedRequest) => void; written: () => void };
}

/**
 * Chainable fault builder. Each method adds to the same fault spec and returns the builder,
 * except `hold()`, which returns the release function.
 */
export class FaultBuilder {
  readonly spec: FaultSpec = {};

  /** Wait `ms` before replying. */
  delay(ms: number): this {
    this.spec.delayMs = ms;
    return this;
  }
  /** Reply with this status (and JSON body, default `{ error: 'status <code>' }`) instead of the handler's reply. */
  status(code: number, body?: unknown): this {
    this.spec.status = { code, body };
    return this;
  }
  /** Reply 200 with `content-type: application/json` and a body that is not valid JSON. */
  malformed(): this {
    this.spec.malformed = true;
    return this;
  }
  /** Reply 204 with no body (the handler still runs, so a DELETE still deletes). */
  noContent(): this {
    this.spec.noContent = true;
    return this;
  }
  /** Send headers and part of the body, then destroy the socket. */
  reset(): this {
    this.spec.reset = true;
    return this;
  }
  /** Destroy the socket without sending anything (the client sees a failed request). */
  drop(): this {
    this.spec.drop = true;
    return this;
  }
  /**
   * Hold the reply until the returned function is called. The handler runs when the request
   * arrives (server state changes then); only the reply waits.
   */
  hold(): Release {
    let open!: () => void;
    const gate = new Promise<void>(r => (open = r));
    let arrived!: (req: RecordedRequest) => void;
    const arrivedP = new Promise<RecordedRequest>(r => (arrived = r));
    let written!: () => void;
    const writtenP = new Promise<void>(r => (written = r));
    this.spec.hold = { gate, open, arrived, written };
    const release = (() => {
      open();
      return writtenP;
    }) as Release;
    Object.defineProperty(release, 'arrived', { value: arrivedP });
    return release;
  }
}

/** A fault bound to a route, active for `remaining` requests (Infinity until cleared). */
export interface RouteFault {
  method: string;
  match: (path: string) => Record<string, string> | undefined;
  builder: FaultBuilder;
  remaining: number;
}
