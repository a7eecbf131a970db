import { solidStart } from '@solidjs/start/config';
import { nitroV2Plugin } from '@solidjs/vite-plugin-nitro-2';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The Nitro 2 server wraps SolidStart's handler with `fromWebHandler` from `h3`. With npm's layout
// the bare `h3` is SolidStart's h3 2 (hoisted), whose `fromWebHandler` expects an h3 2 event; Nitro 2
// passes an h3 1 event (the request URL then arrives as "/"). Point Nitro's `h3` at its own h3 1.
const nitroH3 = fileURLToPath(new URL('./node_modules/nitropack/node_modules/h3', import.meta.url));

// `API_URL` is the REST API's origin, fixed at build time (the tests start the API first).
export default defineConfig({
  plugins: [solidStart(), nitroV2Plugin({ preset: 'node-server', alias: { h3: nitroH3 } })],
  define: { __API_URL__: JSON.stringify(process.env.API_URL ?? 'http://127.0.0.1:4310') },
});
