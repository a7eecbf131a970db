/**
 * The panel's styles, inside its shadow root: nothing here reaches the page, and `:host { all:
 * initial }` stops the page's inherited styles (font, color, line-height) from reaching in.
 */
export const PANEL_CSS = `
:host { all: initial; }
* { box-sizing: border-box; }
.root { font: 12px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; color: #e6e6e6; }
.toggle { position: fixed; right: 12px; bottom: 12px; z-index: 2147483646; padding: 6px 10px; border: 0;
  border-radius: 14px; background: #1f6feb; color: #fff; font: inherit; cursor: pointer; box-shadow: 0 2px 6px #0006; }
.panel { position: fixed; left: 0; right: 0; bottom: 0; height: 45vh; z-index: 2147483647; display: flex; flex-direction: column;
  background: #16181d; border-top: 2px solid #1f6feb; box-shadow: 0 -4px 12px #0006; }
.panel[hidden] { display: none; }
header { display: flex; gap: 8px; align-items: center; padding: 6px 10px; background: #1f2229; flex-wrap: wrap; }
header strong { color: #7cb7ff; }
header input { flex: 1 1 160px; min-width: 120px; padding: 3px 6px; background: #0e1014; color: inherit; border: 1px solid #333; border-radius: 4px; font: inherit; }
button { font: inherit; padding: 2px 8px; background: #2a2e37; color: inherit; border: 1px solid #444; border-radius: 4px; cursor: pointer; }
button:hover { background: #363b46; }
.body { flex: 1; overflow: auto; padding: 6px 10px; display: grid; grid-template-columns: repeat(auto-fit, minmax(420px, 1fr)); gap: 12px; align-content: start; }
h3 { margin: 4px 0; font-size: 13px; color: #7cb7ff; }
h4 { margin: 8px 0 2px; font-size: 12px; color: #c0c6d0; }
table { width: 100%; border-collapse: collapse; }
th { text-align: left; color: #8b93a1; font-weight: normal; border-bottom: 1px solid #333; }
td { vertical-align: top; padding: 2px 4px; border-bottom: 1px solid #23262d; word-break: break-all; }
td.num { text-align: right; }
td.nowrap { white-space: nowrap; word-break: normal; }
.count, .muted { color: #8b93a1; }
.tag { color: #e3b341; }
tr.optimistic td { background: #2b2614; }
.status.fresh { color: #56d364; } .status.stale { color: #e3b341; } .status.invalid { color: #f85149; }
.error { color: #f85149; }
details summary { cursor: pointer; }
pre { margin: 2px 0; white-space: pre-wrap; max-height: 240px; overflow: auto; background: #0e1014; padding: 4px; }
.tools { display: flex; gap: 6px; align-items: center; margin-bottom: 4px; }
`;
