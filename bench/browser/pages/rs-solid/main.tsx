// rest-signals in Solid, the code users write first: `useSuspense(getList)` under `<Suspense>` and a
// `<For>` of the shared `Row` taking each entity as a prop.
import { install, n } from '../shared/harness.js'; // first: it starts watching for the first render
import { For, Suspense, type JSX } from 'solid-js';
import { render } from 'solid-js/web';
import { DataProvider, useController, useSuspense } from 'rest-signals/solid';
import { Row } from '../shared/SolidRow.js';
import { ArticleResource, restSignalsActions } from '../shared/restSignalsModel.js';

function Articles(): JSX.Element {
  install('rest-signals · Solid', restSignalsActions(useController()));
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
      <Suspense>
        <Articles />
      </Suspense>
    </DataProvider>
  ),
  document.getElementById('app')!,
);
