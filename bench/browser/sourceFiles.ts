// Which source file a position in a built bundle came from, read from the bundle's source map
// (only the file is needed, so only the first two fields of each mapping segment are decoded).

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...B64].map((c, i) => [c, i]));

function decodeSegment(text: string): number[] {
  const out: number[] = [];
  let value = 0, shift = 0;
  for (const c of text) {
    const d = DIGIT.get(c);
    if (d === undefined) throw new SyntaxError(`source map: ${JSON.stringify(c)} is not a base64 VLQ digit`);
    value += (d & 31) << shift;
    if (d & 32) { shift += 5; continue; }
    out.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return out;
}

/**
 * A lookup `(line, column) → source file` (both 0-based, as CDP reports them) over a v3 source map.
 * @example const fileAt = sourceFileLookup(JSON.parse(mapText)); fileAt(0, 120); // '../../src/core/store/Store.ts'
 */
export function sourceFileLookup(map: { sources: string[]; mappings: string }): (line: number, column: number) => string | undefined {
  const lines: { col: number; src: number }[][] = [];
  let src = 0;
  for (const lineText of map.mappings.split(';')) {
    const segs: { col: number; src: number }[] = [];
    let col = 0;
    for (const seg of lineText ? lineText.split(',') : []) {
      const f = decodeSegment(seg);
      col += f[0]!;
      if (f.length >= 4) {
        src += f[1]!;
        segs.push({ col, src });
      }
    }
    lines.push(segs);
  }
  return (line, column) => {
    const segs = lines[line];
    if (!segs?.length) return undefined;
    let found: { col: number; src: number } | undefined;
    for (const s of segs) if (s.col <= column) found = s; else break;
    return map.sources[(found ?? segs[0]!).src];
  };
}
