// rest-signals in Solid, the documented fast path for big lists: `useMembers(useSuspense(getList))`
// under `<Suspense>` (the list re-runs on membership only), each row following its entity (`useEntity`).
import { install, n } from '../shared/harness.js'; // first: it starts watching for the first render
import { For, Suspense, type JSX } from 'solid-js';
import { render } from 'solid-js/web';
import { DataProvider, useController, useMembers, useSuspense } from 'rest-signals/solid';
import { RsRow } from '../shared/RsSolidRow.js';
import { ArticleResource, restSignalsActions } from '../shared/restSignalsModel.js';

function Articles(): JSX.Element {
  install('rest-signals · Solid (fast path)', restSignalsActions(useController()));
  const articles = useMembers(useSuspense(ArticleResource.getList, { n }));
  return (
    <ul id="rows">
      <For each={articles()}>{article => <RsRow article={article} />}</For>
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
