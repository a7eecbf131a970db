// Names each TypeDoc module after the import users write (`rest-signals/solid`), not after its
// source folder (`adapters/solid`), without adding `@module` tags to the sources.
import { Converter, ReflectionKind } from 'typedoc';

const NAMES = {
  core: 'rest-signals',
  'adapters/solid': 'rest-signals/solid',
  'adapters/vue': 'rest-signals/vue',
  devtools: 'rest-signals/devtools',
  normalizr: 'rest-signals/normalizr',
  test: 'rest-signals/test',
  'test/solid': 'rest-signals/test/solid',
  'test/vue': 'rest-signals/test/vue',
};

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, context => {
    for (const mod of context.project.getChildrenByKind(ReflectionKind.Module)) {
      if (NAMES[mod.name]) mod.name = NAMES[mod.name];
    }
  });
}
