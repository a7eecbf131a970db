import { reply, type RecordedRequest } from './types.js';

/** Options of `server.resource(base, seed, options)`. */
export interface ResourceOptions {
  /** Field holding the primary key. @default 'id' */
  pk?: string;
  /**
   * What DELETE answers: `'object'` the deleted item (200), `'empty'` 204 with no body,
   * `'pk'` the primary key as a JSON string (200).
   * @default 'object'
   */
  deleteReply?: 'object' | 'empty' | 'pk';
  /** Query parameter naming the page; with it, GET list answers `pageSize` items of that page. */
  pageField?: string;
  /** @default 2 */
  pageSize?: number;
  /** Query keys that are not filters (besides `pageField`). */
  nonFilterKeys?: readonly string[];
  /** Next id for POST when the body has none. @default max numeric id + 1 */
  nextId?: number;
}

export type Item = Record<string, unknown>;

/** Copy own enumerable fields as plain data; `__proto__` is copied as an ordinary key. */
export function copyFields(target: Item, source: unknown): Item {
  if (typeof source !== 'object' || source === null) return target;
  for (const k of Object.keys(source)) {
    Object.defineProperty(target, k, {
      value: (source as Item)[k],
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return target;
}

/**
 * An in-memory REST collection: GET list (query filters), GET one, POST, PUT, PATCH, DELETE.
 * Parameters of the base pattern (`/groups/:group/todos`) filter the list and are stored on
 * created items. Items live in a Map keyed by String(pk), in insertion order.
 */
export class MemoryResource {
  readonly items = new Map<string, Item>();
  readonly #pk: string;
  readonly #opts: ResourceOptions;
  #nextId: number;

  constructor(seed: readonly Item[], opts: ResourceOptions = {}) {
    this.#pk = opts.pk ?? 'id';
    this.#opts = opts;
    let max = 0;
    for (const s of seed) {
      const item = copyFields({}, s);
      this.items.set(String(item[this.#pk]), item);
      const n = Number(item[this.#pk]);
      if (Number.isFinite(n) && n > max) max = n;
    }
    this.#nextId = opts.nextId ?? max + 1;
  }

  /** The stored item with this pk, if any. */
  get(pk: string | number): Item | undefined {
    return this.items.get(String(pk));
  }

  /** All items, in order. */
  list(): Item[] {
    return [...this.items.values()];
  }

  #scope(req: RecordedRequest, base: readonly string[]): Record<string, string> {
    const out: Record<string, string> = Object.create(null);
    for (const k of base) if (k in req.params) out[k] = req.params[k]!;
    return out;
  }

  handleList(req: RecordedRequest, baseParams: readonly string[]): unknown {
    const skip = new Set([...(this.#opts.nonFilterKeys ?? []), ...(this.#opts.pageField ? [this.#opts.pageField] : [])]);
    const filters: [string, string][] = Object.entries(this.#scope(req, baseParams));
    for (const [k, v] of req.query) if (!skip.has(k)) filters.push([k, v]);
    let out = this.list().filter(item =>
      filters.every(([k, v]) => Object.prototype.hasOwnProperty.call(item, k) && String(item[k]) === v),
    );
    const field = this.#opts.pageField;
    if (field && req.query.has(field)) {
      const size = this.#opts.pageSize ?? 2;
      const page = Number(req.query.get(field));
      out = out.slice((page - 1) * size, page * size);
    }
    return out;
  }

  handleCreate(req: RecordedRequest, baseParams: readonly string[]): unknown {
    const item: Item = {};
    copyFields(item, this.#scope(req, baseParams));
    copyFields(item, req.json);
    if (item[this.#pk] === undefined) item[this.#pk] = this.#nextId++;
    this.items.set(String(item[this.#pk]), item);
    return reply(201, item);
  }

  handleOne(req: RecordedRequest): unknown {
    const id = req.params.id!;
    const found = this.items.get(id);
    if (req.method === 'GET') return found ?? reply(404, { error: `no item ${id}` });
    if (req.method === 'DELETE') {
      if (!found) return reply(404, { error: `no item ${id}` });
      this.items.delete(id);
      const mode = this.#opts.deleteReply ?? 'object';
      if (mode === 'empty') return reply(204);
      if (mode === 'pk') return String(found[this.#pk]);
      return found;
    }
    if (req.method === 'PUT') {
      const item: Item = {};
      copyFields(item, req.json);
      item[this.#pk] = found ? found[this.#pk] : id;
      this.items.set(id, item);
      return item;
    }
    if (req.method === 'PATCH') {
      if (!found) return reply(404, { error: `no item ${id}` });
      copyFields(found, req.json);
      found[this.#pk] = found[this.#pk] ?? id;
      return found;
    }
    return reply(405, { error: `${req.method} not allowed` });
  }
}

/** Names of the parameters of a path-to-regexp pattern. */
export function paramNames(pattern: string): string[] {
  const names: string[] = [];
  for (const part of pattern.matchAll(/[:*]([A-Za-z_$][\w$]*)/g)) names.push(part[1]!);
  return names;
}
