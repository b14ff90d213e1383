import type { ReportData } from "./build-report.js";
import { lookupGraph } from "./graph-lookup.js";
import { reportApp } from "./report-app.js";

/** Text for HTML: `& < > " '` as character references. */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!,
  );
}

/**
 * JSON that can sit inside a `<script>` element: `<`, `>` and `&` (so no `</script>` or
 * `<!--` can end or change it) and the line separators as `\u` escapes. `JSON.parse` reads
 * it back unchanged.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/**
 * What the page may do: nothing from the network or another file (`default-src 'none'`),
 * only its own inline style and script. A name that slipped past escaping still could not
 * load anything.
 */
const CSP =
  "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";

const CSS = `
:root { --fg:#1f2328; --muted:#59636e; --line:#d1d9e0; --bg:#fff; --soft:#f6f8fa; --ok:#1a7f37; --warn:#9a6700; --bad:#cf222e; --accent:#0969da; color-scheme: light; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.45 -apple-system, "Segoe UI", "DejaVu Sans", Helvetica, Arial, sans-serif; color: var(--fg); background: var(--bg); }
header { position: sticky; top: 0; z-index: 2; background: var(--bg); border-bottom: 1px solid var(--line); padding: 12px 20px 0; }
h1 { font-size: 18px; margin: 0 0 2px; }
h1 .sub, .meta { color: var(--muted); font-weight: normal; font-size: 13px; }
.counts { display: flex; gap: 16px; flex-wrap: wrap; margin: 6px 0 8px; font-size: 13px; }
.counts b { font-size: 15px; }
nav { display: flex; gap: 4px; align-items: flex-end; flex-wrap: wrap; }
nav button[role=tab] { border: 1px solid transparent; border-bottom: none; background: none; padding: 7px 14px; font: inherit; cursor: pointer; border-radius: 6px 6px 0 0; color: var(--muted); }
nav button[aria-selected=true] { border-color: var(--line); background: var(--bg); color: var(--fg); font-weight: 600; margin-bottom: -1px; }
.controls { display: flex; gap: 8px; align-items: center; margin-left: auto; padding-bottom: 6px; flex-wrap: wrap; }
input[type=search] { width: 280px; padding: 5px 9px; border: 1px solid var(--line); border-radius: 6px; font: inherit; }
select { padding: 4px; border: 1px solid var(--line); border-radius: 6px; font: inherit; background: var(--bg); }
main { padding: 12px 20px 40px; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; vertical-align: top; padding: 6px 8px; border-bottom: 1px solid var(--line); }
thead th { background: var(--soft); position: sticky; top: 0; font-size: 12px; }
.name { font-weight: 600; word-break: break-word; min-width: 10em; }
.path { font: 12px ui-monospace, "DejaVu Sans Mono", monospace; color: var(--muted); word-break: break-all; font-weight: normal; }
.desc { color: var(--fg); max-width: 48em; }
.desc .text { display: -webkit-box; -webkit-line-clamp: 3; -webkit-box-orient: vertical; overflow: hidden; }
.name.none { color: var(--muted); font-style: italic; font-weight: normal; }
.note, .sub, .why { color: var(--muted); font-size: 12px; font-weight: normal; }
.badge { display: inline-block; padding: 0 7px; border-radius: 10px; font-size: 12px; background: var(--soft); border: 1px solid var(--line); }
.badge.loaded { color: var(--ok); border-color: #aceebb; background: #dafbe1; }
.badge.shadowed { color: var(--warn); border-color: #f5e0a0; background: #fff8c5; }
.badge.skipped, .badge.error { color: var(--bad); border-color: #ffcecb; background: #ffebe9; }
.badge.warning { color: var(--warn); border-color: #f5e0a0; background: #fff8c5; }
.pager { display: flex; gap: 10px; align-items: center; margin: 8px 0; white-space: nowrap; }
.pager button { font: inherit; padding: 3px 10px; border: 1px solid var(--line); border-radius: 6px; background: var(--soft); cursor: pointer; }
.pager button:disabled { opacity: .4; cursor: default; }
.count { color: var(--muted); }
.matrix-wrap { overflow-x: auto; }
#matrix td.cell { min-width: 9em; max-width: 16em; font-size: 12px; }
td.cell .status { font-weight: 600; white-space: nowrap; }
td.cell.loaded .status, td.cell.built-in .status { color: var(--ok); }
td.cell.shadowed .status { color: var(--warn); }
td.cell.rejected { background: #fff5f5; }
td.cell.rejected .status { color: var(--bad); }
td.cell.ignored .status, td.cell.not-read .status { color: var(--muted); }
td.cell .why { display: -webkit-box; -webkit-line-clamp: 3; -webkit-box-orient: vertical; overflow: hidden; word-break: break-word; }
.graph { display: grid; grid-template-columns: minmax(260px, 300px) 1fr; gap: 16px; }
.graph .pager { gap: 6px; font-size: 12px; }
.graph ul.list { list-style: none; margin: 0; padding: 0; }
.graph ul.list button { width: 100%; text-align: left; border: 1px solid transparent; background: none; padding: 4px 8px; border-radius: 6px; font: inherit; cursor: pointer; word-break: break-word; }
.graph ul.list button.picked { background: #ddf4ff; border-color: #54aeff; }
#graph-picture svg { border: 1px solid var(--line); border-radius: 8px; background: var(--soft); max-height: 70vh; }
svg .node rect { fill: #fff; stroke: #8c959f; }
svg .node.focus rect { fill: #ddf4ff; stroke: var(--accent); stroke-width: 2; }
svg .node.shadowed rect { fill: #f6f8fa; stroke-dasharray: 4 3; }
svg .node.missing rect { fill: #ffebe9; stroke: var(--bad); stroke-dasharray: 4 3; }
svg .node.any rect { fill: #eef3ff; }
svg .node[tabindex] { cursor: pointer; }
svg text { font: 12px -apple-system, "DejaVu Sans", sans-serif; fill: var(--fg); }
svg .edge { fill: none; stroke: #57606a; stroke-width: 1.4; }
svg .edge.refused { stroke: var(--bad); stroke-dasharray: 5 4; }
svg .edge-label { fill: var(--bad); font-size: 11px; }
svg .hidden-label { fill: var(--muted); font-size: 11px; }
ul.refusals { color: var(--bad); }
details { margin-top: 14px; }
pre { background: var(--soft); border: 1px solid var(--line); border-radius: 6px; padding: 10px; overflow: auto; max-height: 60vh; font: 12px/1.35 ui-monospace, "DejaVu Sans Mono", monospace; }
section.file { border: 1px solid var(--line); border-radius: 8px; padding: 4px 12px; margin-bottom: 10px; }
section.file h3 { margin: 6px 0; }
section.file ul { margin: 0 0 6px; padding-left: 0; list-style: none; }
section.file li { padding: 2px 0; }
.empty { color: var(--muted); }
`;

function section(id: string, body: string): string {
  return `<section id="${id}" role="tabpanel" aria-labelledby="tab-${id}" hidden>${body}</section>`;
}

/** A function's source text, safe inside a `<script>` element (no `</script` in it). */
function scriptSource(fn: (...args: never[]) => unknown): string {
  return fn.toString().replace(/<\/(script)/gi, "<\\/$1");
}

/**
 * The report as one self-contained HTML page: inline CSS and script, the data embedded as
 * JSON (escaped for a script element), a Content-Security-Policy that allows no network.
 * Opens from `file://` with no server. The four views — merged agents, the agents × tools
 * matrix, the spawn graph, diagnostics per file — are drawn by the script, 100 rows a page,
 * with one search box and filters; every value from a file reaches the page as text.
 */
export function renderReportHtml(data: ReportData): string {
  const c = data.counts;
  const tools = data.tools.map((t) => t.displayName).join(", ");
  const header = `
<header>
  <h1>roster report <span class="sub">${escapeHtml(data.cwd)}</span></h1>
  <div class="meta">generated ${escapeHtml(data.generatedAt)}${data.version ? ` by roster ${escapeHtml(data.version)}` : ""} · tools: ${escapeHtml(tools)}</div>
  <div class="counts" id="counts">
    <span><b>${c.agents}</b> agents</span><span><b>${c.shadowed}</b> shadowed</span><span><b>${c.skipped}</b> skipped</span>
    <span><b>${c.errors}</b> errors</span><span><b>${c.warnings}</b> warnings</span>
  </div>
  <nav role="tablist">
    <button type="button" role="tab" id="tab-agents" aria-controls="agents">Agents</button>
    <button type="button" role="tab" id="tab-matrix" aria-controls="matrix">Agents × tools</button>
    <button type="button" role="tab" id="tab-graph" aria-controls="graph">Spawn graph</button>
    <button type="button" role="tab" id="tab-diagnostics" aria-controls="diagnostics">Diagnostics</button>
    <div class="controls">
      <input type="search" id="q" placeholder="Search names, descriptions, files…" aria-label="Search">
      <select data-filter="provider" data-tabs="agents matrix" id="filter-provider" aria-label="Provider"><option value="">every provider</option></select>
      <select data-filter="outcome" data-tabs="agents matrix" aria-label="roster's outcome"><option value="">every outcome</option><option value="loaded">loaded</option><option value="shadowed">shadowed</option><option value="skipped">skipped</option><option value="copy">roster's copy</option><option value="tool-only">read by a tool only</option></select>
      <select data-filter="cell" data-tabs="agents matrix" aria-label="A tool's answer"><option value="">any tool's answer</option><option value="rejected">rejected by a tool</option><option value="shadowed">shadowed in a tool</option><option value="ignored">ignored by a tool</option><option value="loaded">loaded by a tool</option></select>
      <select data-filter="severity" data-tabs="diagnostics" aria-label="Severity"><option value="">every severity</option><option value="error">errors</option><option value="warning">warnings</option><option value="info">infos</option></select>
    </div>
  </nav>
</header>`;
  const agents = section(
    "agents",
    `<div class="pager" id="agents-pager"></div><table><thead><tr><th>name</th><th>provider</th><th>source</th><th>outcome</th><th>file</th><th>description</th></tr></thead><tbody id="agents-body"></tbody></table>`,
  );
  const matrix = section(
    "matrix",
    `<p class="note">Each agent file as each tool sees it: loaded, shadowed (another file wins), rejected or ignored (the tool's reason, in its words), or not read (the tool does not look there).</p><div class="pager" id="matrix-pager"></div><div class="matrix-wrap"><table><thead id="matrix-head"></thead><tbody id="matrix-body"></tbody></table></div>`,
  );
  const graph = section(
    "graph",
    `<div class="graph"><div><div class="pager" id="graph-pager"></div><ul class="list" id="graph-list"></ul></div><div id="graph-picture"></div></div>
<details><summary>The whole graph as text (roster graph)</summary><pre id="graph-text"></pre></details>
<details><summary>Mermaid (paste into a \`\`\`mermaid block on GitHub)</summary><pre id="graph-mermaid"></pre></details>`,
  );
  const diagnostics = section(
    "diagnostics",
    `<div class="pager" id="diagnostics-pager"></div><div id="diagnostics-list"></div>`,
  );
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="roster">
<title>${escapeHtml(data.title)}</title>
<style>${CSS}</style>
</head>
<body>
${header}
<main>
${agents}
${matrix}
${graph}
${diagnostics}
<noscript><p>This report draws its tables with JavaScript; the data is the JSON in the page's source.</p></noscript>
</main>
<script type="application/json" id="roster-data">${scriptJson(data)}</script>
<script>(${scriptSource(reportApp)})(${scriptSource(lookupGraph)});</script>
</body>
</html>
`;
}
