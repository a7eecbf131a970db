// Pinia Colada (no normalization): `useQuery` holds the list as it came; updates map the cached
// list by hand with `queryCache.setQueryData`, as its docs show for updating an item of a list.
import '../shared/harness.js'; // first: it starts watching for the first render
import { PiniaColada } from '@pinia/colada';
import { createPinia } from 'pinia';
import { createApp } from 'vue';
import Articles from './Articles.vue';

createApp(Articles)
  .use(createPinia())
  .use(PiniaColada, { queryOptions: { staleTime: Infinity, refetchOnWindowFocus: false, refetchOnReconnect: false } })
  .mount('#app');
