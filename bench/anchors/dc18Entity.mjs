// A small Entity base of our own, written to the schema protocol of @data-client/normalizr 0.18
// (static normalize/denormalize/pk/createIfValid/merge*/queryKey). The matching
// @data-client/endpoint is not served by the registry here, so the anchor's normalizr runs with
// this class. It does what the anchor's Entity does on these data: copy, pk, visit nested
// schemas, merge with the store; on read, build an instance and resolve nested schemas.

/** Entity base for normalizr 0.18: subclasses set `static key`, instance defaults, `static schema`. */
export class Entity18 {
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

  static normalize(input, parent, key, delegate) {
    const processed = { ...input };
    const raw = this.pk(processed, parent, key, delegate.args);
    if (raw === undefined || raw === '') throw new Error(`${this.key}: missing primary key in ${JSON.stringify(input)}`);
    const id = `${raw}`;
    if (delegate.checkLoop(this.key, id, input)) return id;
    const schema = this.schema;
    for (const field in schema) {
      if (Object.hasOwn(processed, field)) processed[field] = delegate.visit(schema[field], processed[field], processed, field);
    }
    delegate.mergeEntity(this, id, processed);
    return id;
  }

  static denormalize(input, delegate) {
    if (typeof input === 'symbol') return input;
    const schema = this.schema;
    for (const field in schema) input[field] = delegate.unvisit(schema[field], input[field]);
    return input;
  }

  static queryKey(args, unvisit, delegate) {
    const id = args[0]?.id;
    if (id !== undefined && delegate.getEntity(this.key, `${id}`)) return `${id}`;
    return undefined;
  }
}
