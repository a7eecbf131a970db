// What the TanStack and Colada pages need beyond their libraries: the request functions they hand
// to their query/mutation APIs, and normy's object key for this API.
import { listUrl, requestJSON, type ArticleJSON, type AuthorJSON } from './harness.js';

/** The list query's function (`GET /api/articles?n=`). */
export const fetchArticles = (): Promise<ArticleJSON[]> => requestJSON<ArticleJSON[]>(listUrl);

/** `PATCH /api/articles/:id { title }`, resolving to the article with its author. */
export const patchArticle = (v: { id: number; title: string }): Promise<ArticleJSON> =>
  requestJSON<ArticleJSON>(`/api/articles/${v.id}`, 'PATCH', { title: v.title });

/** `PATCH /api/authors/:id { name }`, resolving to the author. */
export const patchAuthor = (v: { id: number; name: string }): Promise<AuthorJSON> =>
  requestJSON<AuthorJSON>(`/api/authors/${v.id}`, 'PATCH', { name: v.name });

/**
 * normy's `getNormalizationObjectKey` for this API: ids are per type, so the key adds the type,
 * told apart by shape (an article has a `title`, an author a `name`).
 * @example normyKey({ id: 1, name: 'A' }); // 'Author:1'
 */
export function normyKey(obj: Record<string, unknown>): string | undefined {
  if (typeof obj.id !== 'number') return undefined;
  if ('title' in obj) return `Article:${obj.id}`;
  if ('name' in obj) return `Author:${obj.id}`;
  return undefined;
}

/** Query-client defaults for the benchmark: no background refetch may land inside a measurement. */
export const NO_REFETCH = { staleTime: Infinity, refetchOnWindowFocus: false, refetchOnReconnect: false, retry: false } as const;
