// The rest-signals definitions and update actions, shared by its Solid and Vue pages: two entities
// (Article embeds Author) and two resources, written as an app would.
import { Entity, resource, type Controller } from 'rest-signals';
import type { EngineActions } from './harness.js';

/** An author, embedded in every article it wrote. */
export class Author extends Entity {
  id = 0;
  name = '';
  static override key = 'Author';
}

/** An article with its nested author. */
export class Article extends Entity {
  id = 0;
  title = '';
  author: Author = Author.fromJS();
  static override key = 'Article';
  static override schema = { author: Author };
}

/** `GET /api/articles?n=`, `PATCH /api/articles/:id`, … on the page's own origin. */
export const ArticleResource = resource({
  urlPrefix: location.origin,
  path: '/api/articles/:id',
  schema: Article,
  searchParams: {} as { n: number },
});

/** `PATCH /api/authors/:id`. */
export const AuthorResource = resource({ urlPrefix: location.origin, path: '/api/authors/:id', schema: Author });

/** `controller.set` (API.md) where this build has it; a local write otherwise goes through `setResponse`. */
type SetArticle = (schema: typeof Article, args: { id: number }, value: (current: Article) => Partial<Article>) => unknown;

/**
 * The update scenarios through the public Controller: mutations with `controller.fetch`, a local
 * write with `controller.set` when it exists, else `controller.setResponse` of `get`.
 * @example install('rest-signals · Vue', restSignalsActions(useController()));
 */
export function restSignalsActions(ctrl: Controller): EngineActions {
  const set = (ctrl as unknown as { set?: SetArticle }).set;
  return {
    patchTitle: (id, title) => ctrl.fetch(ArticleResource.partialUpdate, { id }, { title }),
    renameAuthor: (id, name) => ctrl.fetch(AuthorResource.partialUpdate, { id }, { name }),
    writeTitle: set
      ? (id, title) => set.call(ctrl, Article, { id }, current => ({ ...current, title }))
      : (id, title) => {
          // `controller.get` is typed `unknown` in this build; the entity table holds an Article here.
          const current = ctrl.get(Article, { id }) as Article | undefined;
          if (!current) throw new Error(`rest-signals page: Article ${id} is not in the store`);
          return ctrl.setResponse(ArticleResource.get, { id }, { id, title, author: { id: current.author.id, name: current.author.name } });
        },
    localWrite: set ? 'controller.set' : 'controller.setResponse',
  };
}
