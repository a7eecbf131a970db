/**
 * The `type` of each action a manager's middleware sees, with `@data-client/core` 0.18's values,
 * so a manager that switches on `actionTypes.SET_RESPONSE` runs unchanged.
 *
 * @example
 * import { actionTypes } from 'rest-signals';
 * if (action.type === actionTypes.SET_RESPONSE && action.error) report(action.response);
 */
export const FETCH = 'rdc/fetch' as const;
export const SET = 'rdc/set' as const;
export const SET_RESPONSE = 'rdc/setresponse' as const;
export const OPTIMISTIC = 'rdc/optimistic' as const;
export const RESET = 'rdc/reset' as const;
export const SUBSCRIBE = 'rdc/subscribe' as const;
export const UNSUBSCRIBE = 'rdc/unsubscribe' as const;
export const INVALIDATE = 'rdc/invalidate' as const;
export const INVALIDATEALL = 'rdc/invalidateall' as const;
export const EXPIREALL = 'rdc/expireall' as const;
export const GC = 'rdc/gc' as const;

// data-client's older aliases
export const FETCH_TYPE = FETCH;
export const SET_TYPE = SET;
export const SET_RESPONSE_TYPE = SET_RESPONSE;
export const OPTIMISTIC_TYPE = OPTIMISTIC;
export const RESET_TYPE = RESET;
export const SUBSCRIBE_TYPE = SUBSCRIBE;
export const UNSUBSCRIBE_TYPE = UNSUBSCRIBE;
export const INVALIDATE_TYPE = INVALIDATE;
export const INVALIDATEALL_TYPE = INVALIDATEALL;
export const EXPIREALL_TYPE = EXPIREALL;
export const GC_TYPE = GC;
