// The benchmark's data: N articles, each with a nested author; every author writes ten
// consecutive articles, so renaming one author changes ten rows. Deterministic: the same N gives
// the same JSON on every run and for every engine.

/** An author as the API sends it (nested in each article, or alone from `PATCH /api/authors/:id`). */
export interface AuthorJSON {
  id: number;
  name: string;
}

/** An article as the API sends it. */
export interface ArticleJSON {
  id: number;
  title: string;
  author: AuthorJSON;
}

/** How many consecutive articles share one author. */
export const ARTICLES_PER_AUTHOR = 10;

/**
 * The author of article `id` (ids start at 1).
 * @example authorOf(11); // 2
 */
export function authorOf(id: number): number {
  return Math.floor((id - 1) / ARTICLES_PER_AUTHOR) + 1;
}

/**
 * Articles `1..n` with their authors, after the given overrides (what the server has been told by
 * earlier PATCHes since its last reset).
 * @example generateArticles(2, new Map(), new Map())[1]; // { id: 2, title: 'Article 2', author: { id: 1, name: 'Author 1' } }
 */
export function generateArticles(
  n: number,
  titles: ReadonlyMap<number, string>,
  names: ReadonlyMap<number, string>,
): ArticleJSON[] {
  const out: ArticleJSON[] = new Array(n);
  for (let i = 0; i < n; i++) out[i] = article(i + 1, titles, names);
  return out;
}

/**
 * One article as the server currently holds it.
 * @example article(3, new Map([[3, 'x']]), new Map()).title; // 'x'
 */
export function article(id: number, titles: ReadonlyMap<number, string>, names: ReadonlyMap<number, string>): ArticleJSON {
  return { id, title: titles.get(id) ?? `Article ${id}`, author: author(authorOf(id), names) };
}

/**
 * One author as the server currently holds it.
 * @example author(1, new Map()).name; // 'Author 1'
 */
export function author(id: number, names: ReadonlyMap<number, string>): AuthorJSON {
  return { id, name: names.get(id) ?? `Author ${id}` };
}
