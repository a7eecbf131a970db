// The app both sides of the SSR specs render: the server (compiled by Solid 2's SSR compiler,
// loaded through Vite's SSR module loader) and the browser (compiled hydratable, in jsdom).
import { Errored, For, Loading } from 'solid-js';
import { resource } from '../../../src/core/index.js';
import { useDataClient, useSuspense } from 'rest-signals/solid2';
import { Article } from '../../adapters/solid/fixtures.js';
import type { DataClient } from '../../adapters/solid/fixtures.js';

export function articleApi(url: string) {
  return resource({ urlPrefix: url, path: '/articles/:id', schema: Article });
}

export interface AppProps {
  url: string;
  /** Called with the provider's client, so a spec can tell the clients of two renders apart. */
  onClient?: (client: DataClient) => void;
}

function Detail(props: { api: ReturnType<typeof articleApi>; id: number }) {
  const article = useSuspense(props.api.get, () => ({ id: props.id }));
  return <h2>{article().title}</h2>;
}

function List(props: { api: ReturnType<typeof articleApi> }) {
  const list = useSuspense(props.api.getList);
  return <ol><For each={list()}>{a => <li>{a.title}</li>}</For></ol>;
}

export function App(props: AppProps) {
  const api = articleApi(props.url);
  props.onClient?.(useDataClient());
  return (
    <main>
      <Loading fallback={<p class="fallback">loading list</p>}><List api={api} /></Loading>
      <Loading fallback={<p class="fallback">loading detail</p>}><Detail api={api} id={2} /></Loading>
      <Errored fallback={err => <p class="error">{(err() as Error).name} {(err() as { status?: number }).status}</p>}>
        <Loading fallback={<p class="fallback">loading missing</p>}><Detail api={api} id={404} /></Loading>
      </Errored>
    </main>
  );
}
