// Packs the package once for every docs app: `npm pack` of the built package, or `SSR_TARBALL` when
// the caller packed it already (as `.ci/run` does: the tarball its release checks ran on).
import type { TestProject } from 'vitest/node';
import { packTarball } from '../../ssr/exampleApp.js';

declare module 'vitest' {
  export interface ProvidedContext {
    tarball: string;
  }
}

export default async function setup(project: TestProject): Promise<void> {
  project.provide('tarball', await packTarball());
}
