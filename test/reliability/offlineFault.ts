// The "offline, then online" column of the fault matrix: the request is issued while the client's
// OnlineManager says offline. A mutation is paused, not failed (counted by stats().paused, its
// optimistic layer shown); a GET waits. Nothing is sent until the network comes back; then the
// one request leaves and the caller gets the same outcome as on a good network.
import { expect } from 'vitest';
import { gateOf } from '../../src/core/controller/RequestGate.js';
import type { Fault } from './faults.js';
import { settle } from './harness.js';

export const offlineThenOnline: Fault = {
  name: 'offline, then online',
  column: 'offline',
  async run(cell, op) {
    const gate = gateOf(cell.client.controller);
    gate.setOnline(false);
    let settled = false;
    const p = op.run(cell).finally(() => (settled = true));
    const mutation = op.method !== 'GET';
    const layersWhileOffline = cell.layers();
    await settle(40);
    expect(settled).toBe(false);
    expect(cell.server.requests).toHaveLength(0);
    expect(cell.client.stats().paused).toBe(mutation ? 1 : 0);
    expect(cell.client.stats().inflight).toBe(1);
    // an optimistic layer shows for the whole time offline (none for a plain request)
    expect(cell.layers()).toBe(layersWhileOffline);
    expect(cell.committed()).toEqual(cell.before);
    gate.setOnline(true);
    op.expectSuccess(cell, await p);
    expect(cell.server.requests).toHaveLength(1);
    expect(cell.client.stats().paused).toBe(0);
  },
};
