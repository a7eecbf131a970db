// rest-signals on Solid 2, the code users write first: `useSuspense(getList)` under `<Loading>` and a
// `<For>` of rows taking each entity as a prop (Solid 2's own row: its effects are two-phase).
import { install, n } from '../shared/harness.js'; // first: it starts watching for the first render
import { For, Loading, type Element } from 'solid-js';
import { render } from '@solidjs/web';
import { DataProvider, useController, useSuspense } from 'rest-signals/solid2';
import { Row } from '../shared/Solid2Row.js';
import { ArticleResource, restSignalsActions } from '../shared/restSignalsModel.js';

function Articles(): Element {
  install('rest-signals · Solid 2', restSignalsActions(useController()));
  const articles = useSuspense(ArticleResource.getList, { n });
  return (
    <ul id="rows">
      <For each={articles()}>{article => <Row article={article} />}</For>
    </ul>
  );
}

render(
  () => (
    <DataProvider>
      <Loading>
        <Articles />
      </Loading>
    </DataProvider>
  ),
  document.getElementById('app')!,
);
