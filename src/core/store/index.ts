export { Store, type StoreReader, type ResultCell } from './Store.js';
export { ExpiryStatus, type ErrorPolicy, type ResultEntry, type StoreAction, type OptimisticLayer } from './types.js';
export type { State, ResultMeta, Table } from './serialize.js';
export { serializeState } from './serializeState.js';
export type { ResponseState } from './readResponse.js';
export { membersOf, sameMembers } from './members.js';
