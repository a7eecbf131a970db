// rest-signals in Vue, the README's first code: `await useSuspense(getList)` in an async `<script setup>`
// under `<Suspense>`, a `v-for` of the shared `Row.vue` taking each entity as a prop.
import '../shared/harness.js'; // first: it starts watching for the first render
import { createApp } from 'vue';
import { DataClientPlugin } from 'rest-signals/vue';
import App from './App.vue';

createApp(App).use(DataClientPlugin).mount('#app');
