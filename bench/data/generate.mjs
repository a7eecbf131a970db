// Deterministic benchmark data. The shapes follow the anchor's own benchmark inputs:
// - projects(): `{ project: [...] }`, 709 projects holding 2,117 nested build types in total
//   (the same per-project count histogram, the same optional `description` fields);
// - articles(n): n articles, each with a nested author (n / 10 distinct authors).
// Same seed, same output: every engine in a run sees byte-identical input.

/** A small seeded PRNG (mulberry32): uniform floats in [0, 1). */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffle(list, rand) {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [list[i], list[j]] = [list[j], list[i]];
  }
  return list;
}

// build types per project → how many projects have that many (709 projects, 2,117 build types)
const BUILD_TYPE_HISTOGRAM = [
  [0, 49], [1, 345], [2, 121], [3, 45], [4, 30], [5, 23], [6, 10], [7, 10], [8, 12], [9, 12],
  [10, 5], [11, 3], [12, 4], [13, 4], [14, 3], [15, 7], [16, 2], [17, 6], [18, 8], [19, 1],
  [20, 3], [23, 5], [24, 1],
];
const PROJECTS_WITH_DESCRIPTION = 481;
const BUILD_TYPES_WITH_DESCRIPTION = 414;
const WORDS = ['build', 'release', 'nightly', 'scala', 'java', 'deploy', 'commons', 'core', 'docs', 'tests', 'kotlin', 'web'];

const word = rand => WORDS[Math.floor(rand() * WORDS.length)];
const title = (rand, n) => Array.from({ length: n }, () => word(rand)).join(' ');

/** The long list: `{ project: [...] }` with nested `buildTypes.buildType` arrays. */
export function projects(seed = 1) {
  const rand = rng(seed);
  const perProject = shuffle(BUILD_TYPE_HISTOGRAM.flatMap(([n, freq]) => Array(freq).fill(n)), rand);
  const projectDesc = new Set(shuffle([...perProject.keys()], rand).slice(0, PROJECTS_WITH_DESCRIPTION));
  const total = perProject.reduce((a, b) => a + b, 0);
  const btDesc = new Set(shuffle([...Array(total).keys()], rand).slice(0, BUILD_TYPES_WITH_DESCRIPTION));
  let bt = 0;
  const project = perProject.map((count, i) => {
    const id = `Project_${i}_${word(rand)}`;
    const p = { id, internalId: `project${1000 + i}`, name: title(rand, 2), parentProjectId: i ? `Project_${Math.floor(rand() * i)}` : '_Root', archived: rand() < 0.05 };
    if (projectDesc.has(i)) p.description = title(rand, 6);
    const buildType = [];
    for (let k = 0; k < count; k++, bt++) {
      const b = { id: `${id}_BuildType${k}`, internalId: `bt${10000 + bt}`, name: title(rand, 4), type: rand() < 0.9 ? 'regular' : 'composite', paused: rand() < 0.1 };
      if (btDesc.has(bt)) b.description = title(rand, 5);
      b.projectId = id;
      buildType.push(b);
    }
    p.buildTypes = { buildType };
    return p;
  });
  return { project };
}

/** A single GitHub-style user (the short denormalize case). */
export function user() {
  const base = 'https://api.example.test/users/octo';
  return {
    login: 'octo', id: 1001, node_id: 'MDQ6VXNlcjEwMDE=', avatar_url: 'https://img.example.test/u/1001', gravatar_id: '',
    url: base, html_url: 'https://example.test/octo', followers_url: `${base}/followers`,
    following_url: `${base}/following{/other_user}`, gists_url: `${base}/gists{/gist_id}`,
    starred_url: `${base}/starred{/owner}{/repo}`, subscriptions_url: `${base}/subscriptions`,
    organizations_url: `${base}/orgs`, repos_url: `${base}/repos`, events_url: `${base}/events{/privacy}`,
    received_events_url: `${base}/received_events`, type: 'User', site_admin: false, name: 'Octo Cat',
    company: null, blog: 'https://example.test/blog', location: 'Earth', email: null, hireable: null, bio: null,
    twitter_username: null, public_repos: 12, public_gists: 3, followers: 100, following: 7,
    created_at: '2012-11-03T18:22:38Z', updated_at: '2023-01-14T17:01:59Z',
  };
}

/** One article with its nested author; `rev` changes the fields an update would change. */
export function article(i, rev = 0) {
  const u = Math.floor(i / 10);
  return {
    id: `a${i}`, title: `Article ${i} r${rev}`, body: `Body of article ${i}, revision ${rev}.`, tags: ['news', `t${i % 17}`],
    views: i * 3 + rev, author: { id: `u${u}`, name: `Author ${u}`, email: `author${u}@example.test` },
  };
}

/** n articles with nested authors (about n / 10 distinct authors). */
export function articles(n, offset = 0) {
  const list = new Array(n);
  for (let i = 0; i < n; i++) list[i] = article(offset + i);
  return list;
}
