import { build } from 'vite';
import { PAGES, pageConfig, type Page } from './vite.config.js';

/**
 * Builds the given playground pages (default: all three) into `playground/dist/<page>/`, one after
 * the other (each build is a full Vite build with its own framework plugin).
 * @example await buildPlayground(['vanilla']);
 */
export async function buildPlayground(pages: readonly Page[] = PAGES): Promise<void> {
  for (const page of pages) await build(pageConfig(page));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const wanted = process.argv.slice(2) as Page[];
  const unknown = wanted.filter(p => !PAGES.includes(p));
  if (unknown.length) throw new TypeError(`build.ts: unknown page(s) ${JSON.stringify(unknown)}; expected ${PAGES.join(', ')}`);
  await buildPlayground(wanted.length ? wanted : PAGES);
}
