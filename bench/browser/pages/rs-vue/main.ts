// rest-signals in Vue: `await useSuspense(getList)` in an async `<script setup>` under `<Suspense>`.
import '../shared/harness.js'; // first: it starts watching for the first render
import { createApp } from 'vue';
import { DataClientPlugin } from 'rest-signals/vue';
import App from './App.vue';

createApp(App).use(DataClientPlugin).mount('#app');
