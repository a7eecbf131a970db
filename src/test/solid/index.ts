// rest-signals/test/solid: render a Solid component over a mock client (on @solidjs/testing-library).
export { renderDataClient } from './renderDataClient.js';
export type { RenderDataClientOptions, RenderDataClientResult } from './renderDataClient.js';
