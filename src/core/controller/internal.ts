// The persistence modules' name for the seam until they move to `contextOf` (ManagerContext.ts).
export { contextOf as internalsOf, type ManagerContext as ControllerInternals } from './ManagerContext.js';
