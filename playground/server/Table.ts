import { HttpError } from './HttpError.js';

/**
 * One in-memory table of records keyed by a numeric `id`, assigned in increasing order. Rows are
 * kept in a `Map` (never a plain object keyed by untrusted input). `rows()` lists by ascending id.
 * @example
 * const tasks = new Table('task', seed.tasks);
 * const t = tasks.insert({ title: 'New', ... });   // { id: 41, title: 'New', ... }
 */
export class Table<T extends { id: number }> {
  readonly noun: string;
  #rows = new Map<number, T>();
  #nextId = 1;

  constructor(noun: string, rows: readonly T[]) {
    this.noun = noun;
    this.load(rows);
  }

  /** Replaces every row with `rows` (used on reset); the next id follows the largest one. */
  load(rows: readonly T[]): void {
    this.#rows = new Map(rows.map(r => [r.id, r]));
    this.#nextId = Math.max(0, ...rows.map(r => r.id)) + 1;
  }

  /** All rows, ascending by id. */
  rows(): T[] {
    return [...this.#rows.values()].sort((a, b) => a.id - b.id);
  }

  get size(): number {
    return this.#rows.size;
  }

  /** The row with this id (a number or the raw `:id` path segment), or undefined. */
  find(id: number | string): T | undefined {
    const n = typeof id === 'number' ? id : /^\d{1,15}$/.test(id) ? Number(id) : NaN;
    return this.#rows.get(n);
  }

  /** The row with this id; otherwise a 404 naming `subject` (method + URL) and the id. */
  get(subject: string, id: number | string): T {
    const row = this.find(id);
    if (!row) throw new HttpError(404, `${subject}: no ${this.noun} with id ${JSON.stringify(id)}`);
    return row;
  }

  /** Adds a row with the next id and returns it. */
  insert(data: Omit<T, 'id'>): T {
    const row = { ...data, id: this.#nextId++ } as T;
    this.#rows.set(row.id, row);
    return row;
  }

  /** Replaces the fields of an existing row with `data` (the id stays) and returns the new row. */
  update(row: T, data: Partial<Omit<T, 'id'>>): T {
    const next = { ...row, ...data, id: row.id };
    this.#rows.set(row.id, next);
    return next;
  }

  /** Removes a row; returns whether it existed. */
  remove(id: number): boolean {
    return this.#rows.delete(id);
  }
}
