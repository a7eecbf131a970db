// The vanilla page's only DOM helper: build an element from a tag, attributes and children.

/** A mounted piece of the vanilla page: its root element and how to tear it down. */
export interface View {
  readonly el: HTMLElement;
  dispose(): void;
}

type Attrs = Record<string, string | number | boolean | EventListener | undefined>;

/**
 * Creates `<tag>` with attributes (`on*` functions become listeners, `false`/`undefined` are
 * skipped, `true` is an empty attribute) and children (strings become text nodes).
 * @example h('button', { 'data-testid': 'retry', onclick: retry }, 'Retry')
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: (Node | string | null | undefined | false)[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    if (typeof value === 'function') el.addEventListener(name.slice(2), value);
    else if (value === true) el.setAttribute(name, '');
    else el.setAttribute(name, String(value));
  }
  for (const child of children) if (child !== null && child !== undefined && child !== false) el.append(child);
  return el;
}
