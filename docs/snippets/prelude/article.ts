// Prelude of guide blocks marked `<!-- prelude: article -->`.
import { Entity, createDataClient, resource } from 'rest-signals';

class User extends Entity {
  id = 0;
  name = '';
  static override key = 'User';
}
class Article extends Entity {
  id = 0;
  title = '';
  author = User.fromJS();
  static override key = 'Article';
  static override schema = { author: User };
}
const ArticleResource = resource({
  urlPrefix: 'https://api.example.com',
  path: '/articles/:id',
  schema: Article,
  searchParams: {} as { q?: string; authorId?: number },
  pollFrequency: 10_000,
  optimistic: true,
});
const client = createDataClient();
