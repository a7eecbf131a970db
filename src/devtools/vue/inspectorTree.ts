import type { StoreInspector } from '../../core/index.js';

/** A node of the Vue Devtools inspector tree (the shape `getInspectorTree` fills in). */
export interface InspectorNode {
  id: string;
  label: string;
  children?: InspectorNode[];
  tags?: { label: string; textColor: number; backgroundColor: number; tooltip?: string }[];
}

/** One field of an inspector state section. */
export interface InspectorField {
  key: string;
  value: unknown;
  editable?: boolean;
}

const STATUS_COLOR = { fresh: 0x2ea043, stale: 0x9e6a03, invalid: 0xda3633 } as const;

/** The node id of an entity: JSON keeps any character of the type or pk unambiguous. */
export const entityNodeId = (type: string, pk: string): string => `entity:${JSON.stringify([type, pk])}`;
/** The node id of a result. */
export const resultNodeId = (key: string): string => `result:${key}`;

/**
 * The inspector tree of a store: "Entities" (one node per type, one child per entity tagged
 * with its watcher count) and "Results" (one node per key, tagged fresh / stale / invalid),
 * filtered by `filter` (a substring of `type:pk` or of the key).
 *
 * @example
 * payload.rootNodes = inspectorTree(inspectStore(client.controller), payload.filter);
 */
export function inspectorTree(inspector: StoreInspector, filter = '', now = Date.now()): InspectorNode[] {
  const q = filter.trim().toLowerCase();
  const types = new Map<string, InspectorNode[]>();
  for (const e of inspector.entities()) {
    if (q && !`${e.type}:${e.pk}`.toLowerCase().includes(q)) continue;
    let list = types.get(e.type);
    if (!list) types.set(e.type, (list = []));
    list.push({
      id: entityNodeId(e.type, e.pk),
      label: e.pk,
      tags: [
        { label: `${e.watchers} watching`, textColor: 0xffffff, backgroundColor: e.watchers ? 0x1f6feb : 0x6e7681 },
        ...(e.optimistic ? [{ label: 'optimistic', textColor: 0x000000, backgroundColor: 0xe3b341 }] : []),
      ],
    });
  }
  const results = inspector
    .results(now)
    .filter(r => !q || r.key.toLowerCase().includes(q))
    .map(r => ({
      id: resultNodeId(r.key),
      label: r.key,
      tags: [{ label: r.status, textColor: 0xffffff, backgroundColor: STATUS_COLOR[r.status] }, ...(r.error ? [{ label: 'error', textColor: 0xffffff, backgroundColor: 0xda3633 }] : [])],
    }));
  return [
    {
      id: 'entities',
      label: 'Entities',
      children: [...types].sort(([a], [b]) => a.localeCompare(b)).map(([type, children]) => ({ id: `type:${type}`, label: `${type} (${children.length})`, children })),
    },
    { id: 'results', label: `Results (${results.length})`, children: results },
  ];
}

/**
 * The state the inspector shows for node `nodeId`: an entity's value, watchers and times, or a
 * result's status, normalized data, error and watchers. Empty for any other node.
 *
 * @example
 * payload.state = inspectorState(inspectStore(client.controller), payload.nodeId);
 */
export function inspectorState(inspector: StoreInspector, nodeId: string, now = Date.now()): Record<string, InspectorField[]> {
  if (nodeId.startsWith('entity:')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(nodeId.slice('entity:'.length));
    } catch {
      return {};
    }
    if (!Array.isArray(parsed)) return {};
    const [type, pk] = parsed as [unknown, unknown];
    const e = inspector.entities().find(x => x.type === type && x.pk === pk);
    if (!e) return {};
    return {
      entity: [
        { key: 'type', value: e.type },
        { key: 'pk', value: e.pk },
        { key: 'value', value: e.value },
        { key: 'watchers', value: e.watchers },
        { key: 'optimistic', value: e.optimistic },
        { key: 'fetchedAt', value: e.fetchedAt === undefined ? null : new Date(e.fetchedAt).toISOString() },
        { key: 'expiresAt', value: e.expiresAt === undefined ? null : new Date(e.expiresAt).toISOString() },
      ],
    };
  }
  if (nodeId.startsWith('result:')) {
    const key = nodeId.slice('result:'.length);
    const r = inspector.results(now).find(x => x.key === key);
    if (!r) return {};
    return {
      result: [
        { key: 'key', value: r.key },
        { key: 'status', value: r.status },
        { key: 'data', value: r.data },
        { key: 'error', value: r.error ? r.error.message : null },
        { key: 'watchers', value: r.watchers },
        { key: 'fetchedAt', value: new Date(r.fetchedAt).toISOString() },
        { key: 'expiresIn', value: `${Math.round((r.expiresAt - now) / 1000)} s` },
      ],
    };
  }
  return {};
}
