export interface Change { readonly status: string; readonly path: string }
export declare function verdict(changes: readonly Change[]): { ok: boolean; message: string };
export declare function changedPaths(base: string, head?: string, cwd?: string): Change[];
export declare function baseCommit(cwd?: string, env?: NodeJS.ProcessEnv): string | undefined;
