// Server rendering of a Solid app, run by `ssr.test.ts` in a plain Node process: Node resolves
// `solid-js` and `solid-js/web` to their server builds there, which the shared vitest config (browser
// conditions, DOM JSX transform for the adapter tests) cannot give a test file. Without a JSX
// transform the components are written the way Solid's SSR compiler emits them: `ssr` templates.
//
// Usage: node --import tsx renderApp.ts <serverUrl> [stateJsonFile]
// Prints one JSON line: { html, state, stats }.
import { readFileSync } from 'node:fs';
import { ErrorBoundary, Suspense } from 'solid-js';
import type { JSX } from 'solid-js';
import { createComponent, escape, isServer, renderToStringAsync, ssr } from 'solid-js/web';
import { createDataClient, resource } from '../../../../src/core/index.js';
import { DataProvider, useDLE, useLive, useMembers, useSuspense } from '../../../../src/adapters/solid/index.js';
import { Article } from '../fixtures.js';

const [serverUrl, stateFile] = process.argv.slice(2);
if (!isServer) throw new Error('renderApp.ts must run with the server build of solid-js');

/** An SSR template as a JSX element (what the SSR compiler's output is typed as). */
const template = (strings: string[], ...parts: (string | (() => string))[]): JSX.Element =>
  ssr(strings, ...parts) as unknown as JSX.Element;

const api = resource({ urlPrefix: serverUrl, path: '/articles/:id', schema: Article });

function ArticleView(props: { id: number }) {
  const article = useSuspense(api.get, { id: props.id });
  return template(['<h1>', '</h1>'], () => escape(article()?.title ?? ''));
}

function LiveTitle() {
  const article = useLive(api.get.extend({ pollFrequency: 10 }), { id: 3 });
  const dle = useDLE(api.get, { id: 3 });
  return template(['<h3>', ' ', '</h3>'], () => escape(article()?.title ?? ''), () => escape(dle.loading() ? 'loading' : 'idle'));
}

function Titles() {
  const list = useMembers(useSuspense(api.getList));
  return template(['<ol>', '</ol>'], () => (list() ?? []).map(a => `<li>${escape(a.title)}</li>`).join(''));
}

function Broken() {
  const article = useSuspense(api.get, { id: 404 });
  return template(['<h2>', '</h2>'], () => escape(article()?.title ?? ''));
}

const initialState = stateFile ? JSON.parse(readFileSync(stateFile, 'utf8')) : undefined;
const client = createDataClient(initialState ? { initialState } : {});

const html = await renderToStringAsync(() =>
  createComponent(DataProvider, {
    client,
    get children() {
      return [
        createComponent(Suspense, {
          fallback: 'loading',
          get children() {
            return [createComponent(ArticleView, { id: 1 }), createComponent(ArticleView, { id: 2 }), createComponent(LiveTitle, {}), createComponent(Titles, {})];
          },
        }),
        createComponent(ErrorBoundary, {
          fallback: (error: Error) => template(['<p class="error">', '</p>'], escape(`${error.name}: ${error.message}`)),
          get children() {
            return createComponent(Suspense, {
              fallback: 'loading',
              get children() {
                return createComponent(Broken, {});
              },
            });
          },
        }),
      ];
    },
  }),
);

// Nothing a server render touched stays watched or polling once the HTML is out.
const stats = client.stats();
process.stdout.write(`${JSON.stringify({ html, state: client.controller.getState(), stats })}\n`);
client.destroy();
