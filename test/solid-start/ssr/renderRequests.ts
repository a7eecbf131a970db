// Two server requests rendered at once by `rest-signals/solid-start`'s DataProvider, in a plain
// Node process (the server build of solid-js; see test/adapters/solid/ssr/renderApp.ts for why).
//
// Usage: node --import tsx renderRequests.ts <serverUrl> factory|array
// Prints one JSON line: { html: [first, second], made, distinct } or { error }.
import type { JSX } from 'solid-js';
import { Suspense } from 'solid-js';
import { createComponent, escape, isServer, renderToStringAsync, ssr } from 'solid-js/web';
import { getDefaultManagers, NetworkManager, resource, type Manager } from 'rest-signals';
import { useSuspense } from 'rest-signals/solid';
import { DataProvider } from 'rest-signals/solid-start';
import { Article } from '../../adapters/solid/fixtures.js';

const [serverUrl, mode] = process.argv.slice(2);
if (!isServer) throw new Error('renderRequests.ts must run with the server build of solid-js');

const api = resource({ urlPrefix: serverUrl, path: '/articles/:id', schema: Article });

function ArticleView(props: { id: number }) {
  const article = useSuspense(api.get, { id: props.id });
  return ssr(['<h1>', '</h1>'], () => escape(article()?.title ?? '')) as unknown as JSX.Element;
}

const made: Manager[][] = [];
const factory = (): Manager[] => {
  const managers = getDefaultManagers();
  made.push(managers);
  return managers;
};
const shared = getDefaultManagers();

const render = (id: number) =>
  renderToStringAsync(() =>
    createComponent(DataProvider, {
      managers: (mode === 'array' ? shared : factory) as () => Manager[],
      get children() {
        return createComponent(Suspense, {
          fallback: 'loading',
          get children() {
            return createComponent(ArticleView, { id });
          },
        });
      },
    }),
  );

try {
  const html = await Promise.all([render(1), render(2)]);
  const networks = made.map(list => list.find(m => m instanceof NetworkManager));
  process.stdout.write(`${JSON.stringify({ html, made: made.length, distinct: new Set(networks).size })}\n`);
} catch (error) {
  process.stdout.write(`${JSON.stringify({ error: `${(error as Error).name}: ${(error as Error).message}` })}\n`);
  // the render that threw leaves Solid's render timeout pending
  process.exit(0);
}
