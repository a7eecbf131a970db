// TanStack vue-query + normy: `useQuery({ shallow: true })` (vue-query's documented option for data
// that need not be deeply reactive), normy updating every query that holds a changed object.
import '../shared/harness.js'; // first: it starts watching for the first render
import { createQueryNormalizer } from '@normy/query-core';
import { QueryClient, VueQueryPlugin } from '@tanstack/vue-query';
import { createApp } from 'vue';
import { NO_REFETCH, normyKey } from '../shared/peerApi.js';
import Articles from './Articles.vue';

const queryClient = new QueryClient({ defaultOptions: { queries: NO_REFETCH } });
const normalizer = createQueryNormalizer(queryClient, { getNormalizationObjectKey: normyKey });
normalizer.subscribe();

createApp(Articles, { normalizer }).use(VueQueryPlugin, { queryClient }).mount('#app');
