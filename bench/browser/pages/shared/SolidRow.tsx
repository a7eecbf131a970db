// One article row, shared by every Solid engine. Its render counter moves when the row is created
// and whenever a field it shows is re-evaluated (a store proxy's fine-grained update), so both a
// recreated row and a row patched in place count once.
import { createRenderEffect, type JSX } from 'solid-js';
import { countRender, type ArticleJSON } from './harness.js';

/**
 * `<li data-id><span class="title"/> · <span class="author"/></li>` for one article.
 * @example <For each={articles()}>{a => <Row article={a} />}</For>
 */
export function Row(props: { article: ArticleJSON }): JSX.Element {
  createRenderEffect(() => {
    void props.article.title;
    void props.article.author.name;
    countRender(props.article.id);
  });
  return (
    <li data-id={props.article.id}>
      <span class="title">{props.article.title}</span> · <span class="author">{props.article.author.name}</span>
    </li>
  );
}
