import { useSuspense } from 'rest-signals/solid2';
import { broken } from './api.js';

/** Reads an endpoint the API always fails: the error reaches the layout's <Errored>, whose Retry fetches again. */
export function BrokenPage() {
  const data = useSuspense(broken);
  return <p>{String(data().ok)}</p>;
}
