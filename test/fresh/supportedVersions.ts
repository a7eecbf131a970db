// The "Supported versions" table of docs/guide/supported-versions.md: one markdown table with the
// header `| software | supported | checked in CI |`, a row per software, `supported` a semver range.
import { readFileSync } from 'node:fs';

export interface SupportedRow {
  readonly software: string;
  /** A semver range (`\|` in the page is a `|`). */
  readonly supported: string;
  readonly checked: string;
}

export const SUPPORTED_VERSIONS_PAGE = new URL('../../docs/guide/supported-versions.md', import.meta.url).pathname;
const HEADER = /^\|\s*software\s*\|\s*supported\s*\|\s*checked in CI\s*\|\s*$/i;

/** The rows of the page's table; throws when the page has no such table, or a row is malformed. */
export function supportedVersions(text: string = readFileSync(SUPPORTED_VERSIONS_PAGE, 'utf8')): SupportedRow[] {
  const lines = text.split('\n');
  const start = lines.findIndex(l => HEADER.test(l.trim()));
  if (start === -1) throw new Error('docs/guide/supported-versions.md has no table headed | software | supported | checked in CI |');
  const rows: SupportedRow[] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.trim().startsWith('|')) break;
    const cells = line.trim().slice(1, -1).split(/(?<!\\)\|/).map(c => c.trim().replace(/\\\|/g, '|').replace(/`/g, ''));
    if (cells.length !== 3) throw new Error(`a supported-versions row does not have 3 cells: ${line}`);
    rows.push({ software: cells[0]!, supported: cells[1]!, checked: cells[2]! });
  }
  return rows;
}
