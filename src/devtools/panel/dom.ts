/** Attributes `h` sets: strings become attributes, functions become event listeners (`on…`). */
export type Attrs = Readonly<Record<string, string | number | boolean | undefined | ((event: Event) => void)>>;

/** A child of `h`: a node, or a value shown as text (never parsed as HTML). */
export type Child = Node | string | number | null | undefined | false;

/**
 * Creates an element. Every string child becomes a Text node and every attribute is set with
 * `setAttribute`, so values from the network are shown as text, never parsed as markup.
 *
 * @example
 * h('td', { class: 'pk' }, entity.pk);
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  attrs: Attrs | null,
  ...children: readonly Child[]
): HTMLElementTagNameMap[K] {
  const el = doc.createElement(tag);
  if (attrs) {
    for (const [name, value] of Object.entries(attrs)) {
      if (value === undefined || value === false) continue;
      if (typeof value === 'function') el.addEventListener(name.slice(2), value);
      else if (value === true) el.setAttribute(name, '');
      else el.setAttribute(name, String(value));
    }
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    el.append(typeof child === 'object' ? child : doc.createTextNode(String(child)));
  }
  return el;
}

/** `value` as indented JSON text (functions, cycles and BigInts shown, never thrown). */
export function toText(value: unknown): string {
  const seen = new WeakSet<object>();
  try {
    const text = JSON.stringify(
      value,
      (_key, v: unknown) => {
        if (typeof v === 'bigint') return `${v}n`;
        if (typeof v === 'function') return `[function ${(v as { name?: string }).name ?? ''}]`;
        if (typeof v === 'object' && v !== null) {
          if (seen.has(v)) return '[circular]';
          seen.add(v);
        }
        return v;
      },
      2,
    );
    return text ?? String(value);
  } catch {
    return String(value);
  }
}

/** A one-line preview of `value`, at most `max` characters. */
export function preview(value: unknown, max = 80): string {
  const line = toText(value).replace(/\s*\n\s*/g, ' ');
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** "12.3 s" / "4 min" for a duration in ms (negative durations keep their sign). */
export function duration(ms: number): string {
  const sign = ms < 0 ? '-' : '';
  const a = Math.abs(ms);
  if (a < 1000) return `${sign}${Math.round(a)} ms`;
  if (a < 60_000) return `${sign}${(a / 1000).toFixed(1)} s`;
  if (a < 3_600_000) return `${sign}${Math.round(a / 60_000)} min`;
  return `${sign}${Math.round(a / 3_600_000)} h`;
}

/** The wall-clock time of `at` (ms since the epoch), HH:MM:SS.mmm. */
export function clock(at: number): string {
  const d = new Date(at);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`;
}
