// The rest-signals Solid row on the big-list fast path: it follows its own entity (`useEntity`),
// so the list above it (`useMembers`) re-runs only on membership. Same markup and render counting
// as the shared `SolidRow`.
import { createRenderEffect, type JSX } from 'solid-js';
import { useEntity } from 'rest-signals/solid';
import { countRender } from './harness.js';
import type { Article } from './restSignalsModel.js';

/**
 * `<li data-id><span class="title"/> · <span class="author"/></li>` for one article, read from its entity.
 * @example <For each={useMembers(articles)()}>{a => <RsRow article={a} />}</For>
 */
export function RsRow(props: { article: Article }): JSX.Element {
  const article = useEntity(() => props.article);
  createRenderEffect(() => {
    const a = article();
    void a.title;
    void a.author.name;
    countRender(a.id);
  });
  return (
    <li data-id={props.article.id}>
      <span class="title">{article().title}</span> · <span class="author">{article().author.name}</span>
    </li>
  );
}
