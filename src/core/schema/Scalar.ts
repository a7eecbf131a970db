import type { EntityMeta } from './protocol.js';
import { SchemaError } from './SchemaError.js';
import { isRecord, getOwn } from './own.js';
import { pkString, type DenormalizeDelegate, type NormalizeDelegate, type QueryDelegate } from './visit.js';

/** Options of `Scalar`. */
export interface ScalarOptions {
  /**
   * Picks the lens (a portfolio, a currency) from the endpoint's arguments: a stable string, part
   * of each cell's key; undefined means no lens. Arguments are `any`, as in data-client.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  lens: (args: readonly any[]) => string | undefined;
  /** Names this Scalar's own table, `Scalar(<key>)`. */
  key: string;
  /**
   * The entity whose rows the cells belong to; needed only when used on its own (`new schema.Values(scalar)`).
   * @default undefined
   */
  entity?: { readonly key: string; pk?(value: never, parent?: unknown, key?: string, args?: readonly unknown[]): string | number | undefined };
}

/** data-client's denormalize delegate (`IDenormalizeDelegate`), for a Scalar called by hand with one. */
export interface ForeignDenormalizeDelegate {
  readonly args: readonly unknown[];
  unvisit(schema: unknown, input: unknown): unknown;
}

/** data-client's query delegate (`IQueryDelegate`): tables are read whole through `getEntities`. */
export interface ForeignQueryDelegate {
  getEntities(key: string): { entries(): Iterable<[string, unknown]> } | undefined;
}

/** What an entity stores in place of a lens field; an array, told apart from cell data without a brand. */
export type ScalarRef = readonly [pk: string, field: string, entityKey: string];

/**
 * Entity fields whose value depends on the endpoint's arguments (a lens: a portfolio, a currency).
 * Cells are stored per lens, keyed `entityKey|pk|lens`.
 *
 * @example
 * const byPortfolio = new Scalar({ key: 'portfolio', lens: args => args[0]?.portfolio, entity: Company });
 * Company.schema = { shares: byPortfolio };
 * normalize([Company], [{ id: '1', shares: 5 }], [{ portfolio: 'A' }]).entities['Scalar(portfolio)'];
 * // { 'Company|1|A': { shares: 5 } }
 */
export class Scalar {
  /** The table of cells: `Scalar(<options.key>)`. */
  readonly key: string;
  readonly lensSelector: (args: readonly unknown[]) => string | undefined;
  readonly entity: ScalarOptions['entity'];
  /** `entity.key`, when bound. */
  readonly entityKey: string | undefined;
  /** Normalize hands it primitive values (a cell value such as `0.5`) too. */
  readonly acceptsPrimitives = true;

  constructor(options: ScalarOptions) {
    if (!isRecord(options) || typeof options.lens !== 'function' || typeof options.key !== 'string' || options.key === '') {
      throw new TypeError('Scalar: options need a non-empty "key" and a "lens" function');
    }
    this.key = `Scalar(${options.key})`;
    this.lensSelector = options.lens;
    this.entity = options.entity;
    this.entityKey = options.entity?.key;
  }

  /** The entity pk of a cell used on its own: its map key in `schema.Values`, else the entity's `pk`. */
  entityPk(input: unknown, parent: unknown, key: string | undefined, args: readonly unknown[]): string | number | undefined {
    if (key !== undefined && key !== '' && isRecord(parent) && getOwn(parent, key) === input) return key;
    return this.entity?.pk?.(input as never, parent, key, args);
  }

  createIfValid(props: Record<string, unknown>): Record<string, unknown> {
    return { ...props };
  }

  /** Cells accumulate fields: incoming wins on overlap. */
  merge(existing: unknown, incoming: unknown): unknown {
    return { ...(existing as object), ...(incoming as object) };
  }

  /** True when the incoming cell was fetched before the stored one. */
  shouldReorder(existingMeta: EntityMeta, incomingMeta: EntityMeta, _existing: unknown, _incoming: unknown): boolean {
    return incomingMeta.fetchedAt < existingMeta.fetchedAt;
  }

  mergeWithStore(existingMeta: EntityMeta, incomingMeta: EntityMeta, existing: unknown, incoming: unknown): unknown {
    return this.shouldReorder(existingMeta, incomingMeta, existing, incoming) ? this.merge(incoming, existing) : this.merge(existing, incoming);
  }

  mergeMetaWithStore(existingMeta: EntityMeta, incomingMeta: EntityMeta, existing: unknown, incoming: unknown): EntityMeta {
    return this.shouldReorder(existingMeta, incomingMeta, existing, incoming) ? existingMeta : incomingMeta;
  }

  /** The lens of `args`; a missing one while writing is a configuration error. */
  #lensFor(args: readonly unknown[]): string {
    const lens = this.lensSelector(args);
    if (lens === undefined) {
      throw new SchemaError(this.key, 'lens returned undefined during normalize: the endpoint arguments must hold the lens value', args);
    }
    return lens;
  }

  /** Merges one field into this row's and lens's cell; returns the reference the row stores. */
  normalizeField(value: unknown, field: string, entityKey: string, pk: string, d: NormalizeDelegate): ScalarRef {
    const lens = this.#lensFor(d.args);
    d.mergeEntity(this, `${entityKey}|${pk}|${lens}`, { [field]: value });
    return [pk, field, entityKey];
  }

  /** A cell on its own (in `schema.Values` or a list): stored whole; returns its cell key. */
  normalize(input: unknown, parent: unknown, key: string, d: NormalizeDelegate): unknown {
    const lens = this.#lensFor(d.args);
    if (this.entityKey === undefined) {
      throw new SchemaError(this.key, 'used on its own (e.g. in schema.Values) it needs the "entity" option naming the entity of its rows', input);
    }
    if (!isRecord(input)) throw new SchemaError(this.key, 'expected an object of cell fields', input);
    const pk = pkString(this.entityPk(input, parent, key === '' ? undefined : key, d.args));
    if (pk === undefined) {
      throw new SchemaError(this.key, 'cannot derive entity pk for cell: give items an id, key them by pk, or override entityPk()', input);
    }
    const cpk = `${this.entityKey}|${pk}|${lens}`;
    d.mergeEntity(this, cpk, { ...input });
    return cpk;
  }

  /** A reference gives the field in the current lens; a cell key gives the cell; anything else passes through. */
  denormalize(input: unknown, d: DenormalizeDelegate | ForeignDenormalizeDelegate): unknown {
    if (!input || (typeof input !== 'object' && typeof input !== 'string')) return input;
    if (Array.isArray(input)) {
      const lens = this.lensSelector(d.args);
      if (lens === undefined) return undefined;
      const cell = this.#cell(`${String(input[2])}|${String(input[0])}|${lens}`, d);
      return isRecord(cell) ? getOwn(cell, String(input[1])) : undefined;
    }
    if (typeof input === 'object') return input;
    const cell = this.#cell(input, d);
    return isRecord(cell) ? cell : undefined;
  }

  /** The stored cell `cpk`: read through this library's delegate, or resolved by data-client's `unvisit`. */
  #cell(cpk: string, d: DenormalizeDelegate | ForeignDenormalizeDelegate): unknown {
    return 'getEntity' in d && typeof d.getEntity === 'function' ? d.getEntity(this.key, cpk) : d.unvisit(this, cpk);
  }

  /** The cell keys of the current lens (this Scalar as an endpoint's whole schema). */
  queryKey(
    args: readonly unknown[],
    d: QueryDelegate | ForeignDenormalizeDelegate['unvisit'] | undefined,
    foreign?: QueryDelegate | ForeignQueryDelegate,
  ): string[] | undefined {
    const lens = this.lensSelector(args);
    if (lens === undefined) return undefined;
    // data-client's signature is `queryKey(args, unvisit, delegate)`
    const q = foreign ?? d;
    if (typeof q !== 'object') return undefined;
    const out: string[] = [];
    if ('getPks' in q && typeof q.getPks === 'function') {
      for (const cpk of q.getPks(this.key)) {
        if (isRecord(q.getEntity(this.key, cpk)) && cpk.slice(cpk.lastIndexOf('|') + 1) === lens) out.push(cpk);
      }
    } else {
      for (const [cpk, cell] of (q as ForeignQueryDelegate).getEntities(this.key)?.entries() ?? []) {
        if (isRecord(cell) && cpk.slice(cpk.lastIndexOf('|') + 1) === lens) out.push(cpk);
      }
    }
    return out.length ? out : undefined;
  }
}

