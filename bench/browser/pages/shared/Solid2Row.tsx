// One article row for the Solid 2 page, the shared `SolidRow` in Solid 2's form: the render counter
// is a two-phase render effect (the compute reads the fields shown, the apply counts), so a created
// row and a row patched in place count once each, as there.
import { createRenderEffect, type Element } from 'solid-js';
import { countRender, type ArticleJSON } from './harness.js';

/**
 * `<li data-id><span class="title"/> · <span class="author"/></li>` for one article.
 * @example <For each={articles()}>{a => <Row article={a} />}</For>
 */
export function Row(props: { article: ArticleJSON }): Element {
  createRenderEffect(
    () => [props.article.id, props.article.title, props.article.author.name] as const,
    ([id]) => countRender(id),
  );
  return (
    <li data-id={props.article.id}>
      <span class="title">{props.article.title}</span> · <span class="author">{props.article.author.name}</span>
    </li>
  );
}
