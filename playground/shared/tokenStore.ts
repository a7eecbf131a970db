/** A login as `POST /api/login` returns it. */
export interface Session {
  token: string;
  /** Epoch milliseconds after which the server answers 401. */
  expiresAt: number;
}

/**
 * Holds the Bearer token of the current login, outside any store or component (a token is not
 * view data: keeping it in reactive state would re-render views that never show it). `login`
 * sets it, `logout` and the pages' `LogoutManager` clear it; `AuthdEndpoint` reads it on every
 * request. `subscribe` lets a page show "logged in as ..." without polling.
 * @example
 * const stop = tokenStore.subscribe(() => render(tokenStore.session));
 * tokenStore.set({ token: 'abc', expiresAt: Date.now() + 60_000 });
 * tokenStore.clear();
 */
export class TokenStore {
  #session: Session | undefined;
  readonly #listeners = new Set<() => void>();

  /** The current login, or undefined when logged out. */
  get session(): Session | undefined {
    return this.#session;
  }

  /** The current token, or undefined. */
  get token(): string | undefined {
    return this.#session?.token;
  }

  /** Stores a login and tells the subscribers. */
  set(session: Session): void {
    if (typeof session?.token !== 'string' || !session.token) {
      throw new TypeError(`TokenStore.set: session.token must be a non-empty string, got ${JSON.stringify(session?.token)}`);
    }
    this.#session = { token: session.token, expiresAt: session.expiresAt };
    this.#notify();
  }

  /** Forgets the login (no-op when logged out) and tells the subscribers. */
  clear(): void {
    if (!this.#session) return;
    this.#session = undefined;
    this.#notify();
  }

  /** Calls `listener` after every change; returns the function that stops it. */
  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #notify(): void {
    for (const listener of [...this.#listeners]) listener();
  }
}

/** The one token store the playground's endpoints read. */
export const tokenStore: TokenStore = new TokenStore();
