// The server side of the SSR specs: renders the app with @solidjs/web's renderToStream, awaited to
// the settled document, under a DataProvider that makes one client per render.
import { generateHydrationScript, renderToStream } from '@solidjs/web';
import { DataProvider } from 'rest-signals/solid2/ssr';
import type { DataClient } from '../../adapters/solid/fixtures.js';
import { App } from './app.js';

export interface Rendered {
  /** The HTML of the app root (what the browser hydrates) and the hydration scripts. */
  html: string;
  head: string;
  /** The client each render used. */
  client: DataClient;
}

export async function renderPage(url: string): Promise<Rendered> {
  let client!: DataClient;
  const html = await renderToStream(() => (
    <DataProvider>
      <App url={url} onClient={c => (client = c)} />
    </DataProvider>
  ));
  return { html, head: generateHydrationScript(), client };
}
