// Collects the outcome of every fault-matrix cell and renders them as a Markdown table.

export type Outcome = 'pass' | 'FAIL';

/** A table of outcomes: rows are operations, columns are faults, in first-seen order. */
export class MatrixTable {
  readonly #rows: string[] = [];
  readonly #columns: string[] = [];
  readonly #cells = new Map<string, Outcome>();

  constructor(rows: readonly string[], columns: readonly string[]) {
    this.#rows.push(...rows);
    this.#columns.push(...columns);
  }

  set(row: string, column: string, outcome: Outcome): void {
    this.#cells.set(`${row}\u0000${column}`, outcome);
  }

  /** A Markdown table; a cell that did not run shows `-`. */
  render(): string {
    const head = `| request | ${this.#columns.join(' | ')} |`;
    const rule = `|---|${this.#columns.map(() => '---').join('|')}|`;
    const body = this.#rows.map(
      r => `| ${r} | ${this.#columns.map(c => this.#cells.get(`${r}\u0000${c}`) ?? '-').join(' | ')} |`,
    );
    return [head, rule, ...body].join('\n');
  }

  get failures(): number {
    return [...this.#cells.values()].filter(o => o === 'FAIL').length;
  }
}
