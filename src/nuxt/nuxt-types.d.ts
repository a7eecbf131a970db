// The few Nuxt types the module and its runtime plugin use, declared here so that the project's own
// typecheck does not need Nuxt installed (Nuxt is an optional peer of `rest-signals/nuxt` only). The
// built `.d.ts` imports the real `NuxtModule` type from the user's `nuxt/schema`; the example app in
// `examples/nuxt` compiles the module against the real Nuxt.
declare module 'nuxt/schema' {
  export interface Nuxt {
    options: { build: { transpile: (string | RegExp)[] }; alias: Record<string, string> };
  }
  export interface ModuleMeta {
    name?: string;
    configKey?: string;
    compatibility?: { nuxt?: string };
  }
  export interface NuxtModule<T> {
    (inlineOptions: T, nuxt: Nuxt): unknown;
    getOptions?: (inlineOptions?: T, nuxt?: Nuxt) => Promise<T>;
    getMeta?: () => Promise<ModuleMeta>;
  }
}

declare module 'nuxt/kit' {
  import type { ModuleMeta, Nuxt, NuxtModule } from 'nuxt/schema';
  export function defineNuxtModule<T>(definition: {
    meta?: ModuleMeta;
    defaults?: T;
    setup(options: T, nuxt: Nuxt): void | Promise<void>;
  }): NuxtModule<T>;
  export function createResolver(base: string): { resolve(...paths: string[]): string };
  export function addPlugin(plugin: { src: string; mode?: 'all' | 'server' | 'client'; order?: number }): void;
  export function addImports(imports: { name: string; as?: string; from: string }[]): void;
  export function addTemplate(template: { filename: string; write?: boolean; getContents(): string }): { dst: string };
}

declare module '#app' {
  import type { App } from 'vue';
  export interface NuxtApp {
    vueApp: App;
    payload: Record<string, unknown>;
    ssrContext?: { event: { node: { res: { once(event: 'close', listener: () => void): void } } } };
    hooks: { hook(name: 'app:rendered', fn: () => void): () => void };
  }
  export function defineNuxtPlugin<T extends Record<string, unknown>>(plugin: {
    name?: string;
    enforce?: 'pre' | 'default' | 'post';
    setup(nuxtApp: NuxtApp): void | { provide?: T };
  }): unknown;
}

declare module '#build/rest-signals.options.mjs' {
  import type { Manager } from 'rest-signals';
  import type { GCOptions } from 'rest-signals';
  /** The managers factory named by the `managers` option, or undefined (the defaults). */
  export const managers: ((context: { readonly server: boolean }) => Manager[]) | undefined;
  export const gcPolicy: GCOptions | 'immortal' | undefined;
  export const devtools: boolean;
}

interface ImportMeta {
  readonly server?: boolean;
  readonly client?: boolean;
}
