// The same small Entity base, written to the older protocol of the normalizr 0.10 that
// @data-client/core 0.10.0 bundles (normalize(input, parent, key, visit, addEntity, visited,
// storeEntities, args) / denormalize(input, args, unvisit)). Our own code, as for Entity18.

/** Entity base for normalizr 0.10 (inside @data-client/core 0.10). */
export class Entity10 {
  static key = 'Entity';
  static schema = {};

  static pk(value) {
    return value.id;
  }

  static fromJS(props) {
    const instance = new this();
    Object.assign(instance, props);
    return instance;
  }

  static createIfValid(props) {
    return this.fromJS(props);
  }

  static merge(existing, incoming) {
    return { ...existing, ...incoming };
  }

  static mergeWithStore(existingMeta, incomingMeta, existing, incoming) {
    if (typeof incoming !== typeof existing) return incoming;
    return incomingMeta.fetchedAt >= existingMeta.fetchedAt ? this.merge(existing, incoming) : this.merge(incoming, existing);
  }

  static mergeMetaWithStore(existingMeta, incomingMeta) {
    return incomingMeta.fetchedAt >= existingMeta.fetchedAt ? incomingMeta : existingMeta;
  }

  static normalize(input, parent, key, visit, addEntity, visited, storeEntities, args) {
    const processed = { ...input };
    const raw = this.pk(processed, parent, key, args);
    if (raw === undefined || raw === '') throw new Error(`${this.key}: missing primary key in ${JSON.stringify(input)}`);
    const id = `${raw}`;
    const seen = (visited[this.key] ??= Object.create(null));
    const inputs = (seen[id] ??= []);
    if (inputs.includes(input)) return id;
    inputs.push(input);
    const schema = this.schema;
    for (const field in schema) {
      if (Object.hasOwn(processed, field)) {
        processed[field] = visit(processed[field], processed, field, schema[field], addEntity, visited, storeEntities, args);
      }
    }
    addEntity(this, processed, id);
    return id;
  }

  static denormalize(input, args, unvisit) {
    if (typeof input === 'symbol') return input;
    const schema = this.schema;
    for (const field in schema) input[field] = unvisit(input[field], schema[field]);
    return input;
  }

  static infer(args, indexes, recurse, entities) {
    const id = args[0]?.id;
    return id !== undefined && entities[this.key]?.[`${id}`] ? `${id}` : undefined;
  }
}
