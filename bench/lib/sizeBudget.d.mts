export interface Budget { readonly name: string; readonly import: string; readonly upfront: number; readonly withLazy: number }
export interface BudgetRow { readonly name: string; readonly ok: boolean; readonly upfront?: number; readonly withLazy?: number; readonly reason: string; readonly budget: Budget }
export interface Verdict { readonly ok: boolean; readonly rows: readonly BudgetRow[] }
export declare function judge(budgets: readonly Budget[], measures: Record<string, { gzip: number; lazyGzip: number; withChunks?: number } | undefined>): Verdict;
export declare function kib(bytes: number): string;
export declare function report(verdict: Verdict): string;
