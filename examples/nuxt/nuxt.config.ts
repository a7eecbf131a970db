// The whole rest-signals setup of this app: the module, and its options under one key.
// `API_URL` is the REST API's origin, fixed at build time (the tests start the API first).
export default defineNuxtConfig({
  modules: ['rest-signals/nuxt'],
  restSignals: { managers: '~/rest-signals.managers', gcPolicy: { expiryMultiplier: 3 }, devtools: true },
  // `devtools: true` is a development feature, as Vue's own: Vue's flag keeps it in this production build
  vite: { define: { __API_URL__: JSON.stringify(process.env.API_URL ?? 'http://127.0.0.1:4310'), __VUE_PROD_DEVTOOLS__: 'true' } },
  app: { head: { link: [{ rel: 'icon', href: 'data:,' }] } },
  compatibilityDate: '2026-11-01',
  devtools: { enabled: false },
  telemetry: false,
});
