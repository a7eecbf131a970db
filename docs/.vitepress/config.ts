import { existsSync, readFileSync } from 'node:fs';
import { defineConfig, type DefaultTheme } from 'vitepress';

// The API reference is generated from the sources' doc comments by `npm run docs:api` (TypeDoc with
// typedoc-plugin-markdown) into docs/api/, which is not committed: it cannot drift from the code.
const apiSidebarFile = new URL('../api/typedoc-sidebar.json', import.meta.url);
const apiSidebar: DefaultTheme.SidebarItem[] = existsSync(apiSidebarFile)
  ? JSON.parse(readFileSync(apiSidebarFile, 'utf8'))
  : [];

const guide: DefaultTheme.SidebarItem[] = [
  {
    text: 'Introduction',
    items: [
      { text: 'Getting started', link: '/guide/getting-started' },
      { text: 'Vue + Vite, file by file', link: '/guide/start-vue' },
      { text: 'Solid + Vite, file by file', link: '/guide/start-solid' },
      { text: 'Solid 1.9 + Vite, file by file', link: '/guide/start-solid-1' },
      { text: 'Solid 2 and Solid 1.9', link: '/guide/solid' },
      { text: 'Node and plain signals', link: '/guide/start-node' },
      { text: 'Nuxt', link: '/guide/nuxt' },
      { text: 'SolidStart', link: '/guide/solid-start' },
      { text: 'Resources and schemas', link: '/guide/resources' },
      { text: 'Reading data', link: '/guide/reading' },
      { text: 'Mutations and optimistic updates', link: '/guide/mutations' },
    ],
  },
  {
    text: 'In depth',
    items: [
      { text: 'Big lists: the row fast path', link: '/guide/big-lists' },
      { text: 'Real-time', link: '/guide/real-time' },
      { text: 'Persistence and offline', link: '/guide/persistence' },
      { text: 'Testing your components', link: '/guide/testing' },
      { text: 'Devtools', link: '/guide/devtools' },
      { text: 'Server rendering', link: '/guide/ssr' },
      { text: 'Users and sessions', link: '/guide/users-and-sessions' },
      { text: 'Errors and warnings', link: '/guide/errors' },
      { text: 'Performance', link: '/guide/performance' },
    ],
  },
  {
    text: 'Migration',
    items: [
      { text: 'From data-client', link: '/migration/data-client' },
      { text: 'From TanStack Query / Pinia Colada', link: '/migration/tanstack-query' },
    ],
  },
  {
    text: 'Reference',
    items: [
      { text: 'API', link: '/api/' },
      { text: 'Supported versions', link: '/guide/supported-versions' },
      { text: 'Differences from data-client', link: '/compat' },
      { text: 'Error catalogue', link: '/errors' },
      { text: 'Warning catalogue', link: '/warnings' },
    ],
  },
];

export default defineConfig({
  title: 'rest-signals',
  description: 'REST resources as normalized, per-entity signals for Solid, Vue and plain signal apps.',
  lang: 'en-US',
  cleanUrls: false,
  lastUpdated: false,
  // Nothing is loaded from outside the site: no web fonts from a CDN, no analytics, and a favicon
  // that is not a request (a 404 for /favicon.ico would be a console error).
  head: [['link', { rel: 'icon', href: 'data:,' }]],
  markdown: { theme: { light: 'github-light', dark: 'github-dark' } },
  themeConfig: {
    nav: [
      { text: 'Guide', link: '/guide/getting-started' },
      { text: 'Migration', link: '/migration/data-client' },
      { text: 'API', link: '/api/' },
    ],
    sidebar: {
      '/guide/': guide,
      '/migration/': guide,
      '/compat': guide,
      '/errors': guide,
      '/warnings': guide,
      '/api/': [{ text: 'API reference', link: '/api/', items: apiSidebar }],
    },
    search: { provider: 'local' },
    outline: [2, 3],
  },
});
