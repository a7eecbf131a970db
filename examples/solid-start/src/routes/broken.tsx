import { useSuspense } from 'rest-signals/solid';
import { BrokenReport } from '~/api';

// the API answers 503: the server renders the app's <ErrorBoundary> fallback, and the browser
// hydrates that same fallback
export default function Broken() {
  const report = useSuspense(BrokenReport);
  return <pre data-test="report">{JSON.stringify(report())}</pre>;
}
