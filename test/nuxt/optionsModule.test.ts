// The build template that carries `restSignals` options from nuxt.config to the runtime plugin.
import { describe, expect, it } from 'vitest';
import { optionsModule } from '../../src/nuxt/optionsModule.js';

describe('rest-signals/nuxt options template', () => {
  it('re-exports the managers factory from the file the option names, and writes the rest as data', () => {
    const source = optionsModule({ managers: '~/rest-signals.managers', gcPolicy: { expiryMultiplier: 3 }, devtools: true });
    expect(source).toBe(
      [
        'export { default as managers } from "~/rest-signals.managers";',
        'export const gcPolicy = {"expiryMultiplier":3};',
        'export const devtools = true;',
        '',
      ].join('\n'),
    );
  });

  it('has the defaults without options: the default managers, the default GC policy, no devtools', () => {
    expect(optionsModule({})).toBe('export const managers = undefined;\nexport const gcPolicy = undefined;\nexport const devtools = false;\n');
    expect(optionsModule({ gcPolicy: 'immortal' })).toContain('export const gcPolicy = "immortal";');
  });

  it('refuses options that cannot be written into the build, naming the option', () => {
    const managers = (() => []) as unknown as string;
    expect(() => optionsModule({ managers })).toThrow(new TypeError('rest-signals/nuxt: option managers must be the path of a file whose default export makes the managers, got function'));
    expect(() => optionsModule({ gcPolicy: 5 as unknown as 'immortal' })).toThrow(/option gcPolicy must be GCPolicy options or 'immortal', got 5/);
  });
});
