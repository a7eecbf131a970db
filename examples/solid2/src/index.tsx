import { Errored, Loading } from 'solid-js';
import { render } from '@solidjs/web';
import { DataProvider } from 'rest-signals/solid2';
import { Router } from './router.js';

render(
  () => (
    <DataProvider>
      <Router>
        {props => (
          <>
            <nav>
              <a href="/">Tasks</a> · <a href="/broken">A failing page</a>
            </nav>
            <Errored
              fallback={(error, reset) => (
                <p data-test="error">
                  {(error() as Error).name} {(error() as { status?: number }).status} <button data-test="retry" onClick={reset}>Retry</button>
                </p>
              )}
            >
              <Loading fallback={<p data-test="loading">Loading…</p>}>{props.children}</Loading>
            </Errored>
          </>
        )}
      </Router>
    </DataProvider>
  ),
  document.getElementById('app')!,
);
document.documentElement.dataset.started = '';
