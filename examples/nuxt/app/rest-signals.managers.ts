import { getDefaultManagers, type Manager } from 'rest-signals';

// Called once per server request and once in the browser: a manager is never shared between requests.
export default function managers({ server }: { server: boolean }): Manager[] {
  // no focus or online revalidation on the server: those managers watch the window
  return server ? [] : getDefaultManagers();
}
