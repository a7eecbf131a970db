// Floors: the least work each job needs, written plainly. A case reads "× floor" against these.

/** normalize: one pass copying each object into a Map by id (nested build types become ids). */
export function floorNormalizeProjects(data) {
  const projects = new Map(), buildTypes = new Map();
  const list = data.project, result = new Array(list.length);
  for (let i = 0; i < list.length; i++) {
    const p = list[i], nested = p.buildTypes.buildType, ids = new Array(nested.length);
    for (let k = 0; k < nested.length; k++) {
      const b = nested[k];
      buildTypes.set(b.id, { ...b });
      ids[k] = b.id;
    }
    projects.set(p.id, { ...p, buildTypes: { buildType: ids } });
    result[i] = p.id;
  }
  return { result: { project: result }, projects, buildTypes };
}

/** denormalize: one pass building the nested output from the Maps (one copy per object). */
export function floorDenormalizeProjects({ result, projects, buildTypes }) {
  const ids = result.project, out = new Array(ids.length);
  for (let i = 0; i < ids.length; i++) {
    const p = projects.get(ids[i]), btIds = p.buildTypes.buildType, bts = new Array(btIds.length);
    for (let k = 0; k < btIds.length; k++) bts[k] = { ...buildTypes.get(btIds[k]) };
    out[i] = { ...p, buildTypes: { buildType: bts } };
  }
  return { project: out };
}

/** A cached read: one lookup that returns the value built before, while the tables are unchanged. */
export function floorCache() {
  const cache = new Map();
  return (key, version, build) => {
    const hit = cache.get(key);
    if (hit !== undefined && hit.version === version) return hit.value;
    const value = build();
    cache.set(key, { version, value });
    return value;
  };
}

/** Articles with nested authors into two Maps (the store the write / memory cases hold). */
export function floorNormalizeArticles(list, articles = new Map(), authors = new Map()) {
  const ids = new Array(list.length);
  for (let i = 0; i < list.length; i++) {
    const a = list[i];
    authors.set(a.author.id, { ...a.author });
    articles.set(a.id, { ...a, author: a.author.id });
    ids[i] = a.id;
  }
  return { ids, articles, authors };
}
