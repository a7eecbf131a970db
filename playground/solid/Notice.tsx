import { Show, type JSX } from 'solid-js';
import { notice, setNotice } from './state.js';

/**
 * The last failed mutation (after its optimistic change was rolled back), with "Dismiss".
 * @example <Notice />
 */
export function Notice(): JSX.Element {
  return (
    <Show when={notice()}>
      <div class="error" role="alert">
        <span data-testid="mutation-error">{notice()}</span>
        <button data-testid="dismiss-error" onClick={() => setNotice(undefined)}>Dismiss</button>
      </div>
    </Show>
  );
}
