import type { StoreAction } from '../store/types.js';
import type { Controller } from './Controller.js';

/**
 * A plug-in that lives as long as one client: started with it (`init`), told of every change
 * the store applied (`onAction`), stopped on `destroy` (`cleanup`). `createDataClient({ managers })`
 * replaces the default list, as in `@data-client/core`.
 *
 * @example
 * class LogManager implements Manager {
 *   onAction(action: StoreAction) { console.log(action.type); }
 * }
 */
export interface Manager {
  init?(controller: Controller): void;
  cleanup?(): void;
  onAction?(action: StoreAction, controller: Controller): void;
}
