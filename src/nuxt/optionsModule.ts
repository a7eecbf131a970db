import type { ModuleOptions } from './module.js';

/**
 * The source of the build template (`#build/rest-signals.options.mjs`) the runtime plugin reads its
 * options from: the managers factory re-exported from the file the option names, the GC options as
 * data, the devtools flag. Throws a `TypeError` naming the option when one has the wrong shape (a
 * function given for `managers` cannot be written into the build).
 *
 * @example
 * optionsModule({ managers: '~/rest-signals.managers', devtools: true });
 * // export { default as managers } from "~/rest-signals.managers"; …
 */
export function optionsModule(options: ModuleOptions): string {
  const { managers, gcPolicy, devtools = false } = options;
  if (managers !== undefined && typeof managers !== 'string') {
    throw new TypeError(`rest-signals/nuxt: option managers must be the path of a file whose default export makes the managers, got ${typeof managers}`);
  }
  if (gcPolicy !== undefined && gcPolicy !== 'immortal' && (typeof gcPolicy !== 'object' || gcPolicy === null)) {
    throw new TypeError(`rest-signals/nuxt: option gcPolicy must be GCPolicy options or 'immortal', got ${JSON.stringify(gcPolicy)}`);
  }
  return [
    managers === undefined ? 'export const managers = undefined;' : `export { default as managers } from ${JSON.stringify(managers)};`,
    `export const gcPolicy = ${gcPolicy === undefined ? 'undefined' : JSON.stringify(gcPolicy)};`,
    `export const devtools = ${devtools === true};`,
    '',
  ].join('\n');
}
