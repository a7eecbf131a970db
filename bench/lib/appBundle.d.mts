import type { Plugin } from 'esbuild';

/** What an app loads up front for an import, and what it loads lazily. */
export interface AppBundle {
  /** gzip (level 9) bytes of the entry chunk and the chunks it imports statically. */
  readonly gzip: number;
  /** `gzip` plus every lazy chunk normal use can load (all but the optional ones: `isOptionalChunk`). */
  readonly withChunks: number;
  readonly brotli: number;
  readonly min: number;
  /** The minified code that loads up front (to check what a production define removed). */
  readonly text: string;
  /** Minified bytes per input file (package or source path) of what loads up front. */
  readonly inputs: ReadonlyMap<string, number>;
  /** Minified bytes of chunks reached only through `import()`. */
  readonly lazy: number;
  /** gzip (level 9) bytes of those lazy chunks, each compressed on its own as a browser fetches it. */
  readonly lazyGzip: number;
  /** Each lazy chunk: its file name, the module it was made for, its gzip bytes and its input files. */
  readonly chunks: readonly LazyChunk[];
}
/** One chunk reached only through `import()`. */
export interface LazyChunk {
  readonly name: string;
  readonly entry: string | undefined;
  readonly gzip: number;
  readonly inputs: readonly string[];
}
export declare const APP_IMPORTS: { readonly solid: string; readonly solid2: string; readonly vue: string; readonly core: string };
export declare const FRAMEWORKS: readonly string[];
export declare function isOptionalChunk(chunk: LazyChunk): boolean;
export declare function appBundle(
  contents: string,
  options?: { from?: 'dist' | 'src'; external?: readonly string[]; plugins?: readonly Plugin[] },
): Promise<AppBundle>;
