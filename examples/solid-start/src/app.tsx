import { A, Router } from '@solidjs/router';
import { FileRoutes } from '@solidjs/start/router';
import { DataProvider } from 'rest-signals/solid-start';
import { ErrorBoundary, onMount, Suspense } from 'solid-js';

export default function App() {
  // marks the page as hydrated, for the tests (onMount runs once hydration is done)
  onMount(() => document.documentElement.setAttribute('data-hydrated', ''));
  return (
    <DataProvider>
      <Router
        root={props => (
          <>
            <nav>
              <A href="/" data-test="nav-tasks">Tasks</A> · <A href="/broken">Report</A>
            </nav>
            {/* the boundary inside <Suspense>: a streamed boundary's error then renders its fallback on the server */}
            <Suspense fallback={<p>Loading…</p>}>
              <ErrorBoundary
                fallback={(error: Error & { status?: number }) => (
                  <div data-test="error">
                    <h1>Something went wrong</h1>
                    {/* the status, not the message: the server's message stays on the server, so the browser has only this */}
                    <p data-test="error-message">{error.status ? `The service answered ${error.status}.` : 'The request failed.'}</p>
                  </div>
                )}
              >
                {props.children}
              </ErrorBoundary>
            </Suspense>
          </>
        )}
      >
        <FileRoutes />
      </Router>
    </DataProvider>
  );
}
