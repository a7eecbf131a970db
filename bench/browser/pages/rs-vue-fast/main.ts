// rest-signals in Vue, the documented fast path for big lists: `useMembers(await useSuspense(getList))`
// in an async `<script setup>` under `<Suspense>`, each row following its entity (`useEntity`).
import '../shared/harness.js'; // first: it starts watching for the first render
import { createApp } from 'vue';
import { DataClientPlugin } from 'rest-signals/vue';
import App from './App.vue';

createApp(App).use(DataClientPlugin).mount('#app');
