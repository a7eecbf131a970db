// TanStack solid-query + normy: `useQuery` with `reconcile: 'id'` (solid-query's documented way to
// keep unchanged rows' store proxies), normy updating every query that holds a changed object.
import { install, n } from '../shared/harness.js'; // first: it starts watching for the first render
import { createQueryNormalizer } from '@normy/query-core';
import { QueryClient, QueryClientProvider, useMutation, useQuery } from '@tanstack/solid-query';
import { For, Suspense, type JSX } from 'solid-js';
import { render } from 'solid-js/web';
import { NO_REFETCH, fetchArticles, normyKey, patchArticle, patchAuthor } from '../shared/peerApi.js';
import { Row } from '../shared/SolidRow.js';

const queryClient = new QueryClient({ defaultOptions: { queries: NO_REFETCH } });
const normalizer = createQueryNormalizer(queryClient, { getNormalizationObjectKey: normyKey });
normalizer.subscribe();

function Articles(): JSX.Element {
  const query = useQuery(() => ({ queryKey: ['articles', n], queryFn: fetchArticles, reconcile: 'id' }));
  const patch = useMutation(() => ({ mutationFn: patchArticle }));
  const rename = useMutation(() => ({ mutationFn: patchAuthor }));
  install('TanStack solid-query + normy', {
    patchTitle: (id, title) => patch.mutateAsync({ id, title }),
    renameAuthor: (id, name) => rename.mutateAsync({ id, name }),
    writeTitle: (id, title) => normalizer.setNormalizedData({ id, title }),
    localWrite: "normy's setNormalizedData",
  });
  return (
    <ul id="rows">
      <For each={query.data}>{article => <Row article={article} />}</For>
    </ul>
  );
}

render(
  () => (
    <QueryClientProvider client={queryClient}>
      <Suspense>
        <Articles />
      </Suspense>
    </QueryClientProvider>
  ),
  document.getElementById('app')!,
);
