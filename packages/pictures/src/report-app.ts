// The report page's script, embedded into the page as its source text (`reportApp.toString()`):
// it must use nothing from outside its own body. Every piece of data reaches the page as
// text (`textContent`, `setAttribute`), never as markup.
import type { ReportData } from "./build-report.js";
import type { lookupGraph } from "./graph-lookup.js";
import type { GraphEdge, GraphNode, GraphRefusal } from "./types.js";

/**
 * The page's script: reads the embedded data and draws the four views. `lookup` is
 * `lookupGraph`, handed over as its own source text: the agent list's counts and the picture
 * beside it come from its one reading of the graph, as `roster graph` reads it.
 */
export function reportApp(lookup: typeof lookupGraph): void {
  const PAGE = 100;
  const doc = document;
  const data = JSON.parse(
    (doc.getElementById("roster-data") as HTMLElement).textContent as string,
  ) as ReportData;
  const $ = (id: string) => doc.getElementById(id) as HTMLElement;
  const el = (tag: string, attrs?: Record<string, string> | null, ...kids: Array<Node | string | null>) => {
    const node = doc.createElement(tag);
    if (attrs) for (const k of Object.keys(attrs)) node.setAttribute(k, attrs[k] as string);
    for (const kid of kids) if (kid !== null) node.append(kid);
    return node;
  };
  const state: {
    tab: string;
    q: string;
    page: Record<string, number>;
    filter: Record<string, string>;
    focus: string;
  } = {
    tab: "agents",
    q: "",
    page: { agents: 0, matrix: 0, graph: 0, diagnostics: 0 },
    filter: {},
    focus: "",
  };
  const lower = (s: unknown) => String(s ?? "").toLowerCase();
  const hay = data.agents.map((a) => lower(`${a.name}\n${a.description}\n${a.file}\n${a.provider}`));
  const diagHay = data.diagnostics.map((g) =>
    lower(`${g.file}\n${g.items.map((i) => `${i.code} ${i.message}`).join("\n")}`),
  );

  function pager(key: string, total: number, host: HTMLElement) {
    const pages = Math.max(1, Math.ceil(total / PAGE));
    if (state.page[key]! >= pages) state.page[key] = pages - 1;
    const page = state.page[key]!;
    const from = total === 0 ? 0 : page * PAGE + 1;
    const to = Math.min(total, (page + 1) * PAGE);
    const prev = el("button", { type: "button", "data-pager": "prev" }, "‹ Previous");
    const next = el("button", { type: "button", "data-pager": "next" }, "Next ›");
    (prev as HTMLButtonElement).disabled = page === 0;
    (next as HTMLButtonElement).disabled = page >= pages - 1;
    prev.addEventListener("click", () => {
      state.page[key] = page - 1;
      draw();
    });
    next.addEventListener("click", () => {
      state.page[key] = page + 1;
      draw();
    });
    host.replaceChildren(prev, el("span", { class: "count" }, `${from}–${to} of ${total}`), next);
    return { start: page * PAGE, end: to };
  }

  function agentRows(): number[] {
    const q = state.q;
    const provider = state.filter.provider ?? "";
    const outcome = state.filter.outcome ?? "";
    const cell = state.filter.cell ?? "";
    const rows: number[] = [];
    data.agents.forEach((a, i) => {
      if (q && !hay[i]!.includes(q)) return;
      if (provider && a.provider !== provider) return;
      if (outcome && a.outcome !== outcome) return;
      if (cell && !a.cells.some((c) => c.status === cell)) return;
      rows.push(i);
    });
    return rows;
  }

  function drawAgents() {
    const rows = agentRows();
    const { start, end } = pager("agents", rows.length, $("agents-pager"));
    const body = $("agents-body");
    body.replaceChildren(
      ...rows.slice(start, end).map((i) => {
        const a = data.agents[i]!;
        return el(
          "tr",
          { class: `outcome-${a.outcome}` },
          a.name ? el("td", { class: "name" }, a.name) : el("td", { class: "name none" }, "(no name)"),
          el("td", null, a.provider),
          el("td", null, a.source),
          el("td", null, el("span", { class: `badge ${a.outcome}` }, a.outcome)),
          el("td", { class: "path" }, a.file),
          el(
            "td",
            { class: "desc" },
            el("div", { class: "text", title: a.description }, a.description),
            a.note ? el("div", { class: "note" }, a.note) : null,
          ),
        );
      }),
    );
  }

  const SYMBOL: Record<string, string> = {
    loaded: "✓ loaded",
    "built-in": "◇ built-in",
    shadowed: "◐ shadowed",
    rejected: "✗ rejected",
    ignored: "○ ignored",
    "not-read": "—",
  };

  function drawMatrix() {
    const rows = agentRows();
    const { start, end } = pager("matrix", rows.length, $("matrix-pager"));
    $("matrix-head").replaceChildren(
      el(
        "tr",
        null,
        el("th", null, "agent"),
        ...data.tools.map((t) =>
          el(
            "th",
            { title: `checked against ${t.checkedAgainst}; built-ins: ${t.builtins.join(", ") || "none"}` },
            t.displayName,
            el("div", { class: "sub" }, `${t.agents} ${t.agents === 1 ? "agent" : "agents"}`),
          ),
        ),
      ),
    );
    $("matrix-body").replaceChildren(
      ...rows.slice(start, end).map((i) => {
        const a = data.agents[i]!;
        return el(
          "tr",
          null,
          el("th", { class: "name", scope: "row" }, a.name, el("div", { class: "path" }, a.file)),
          ...a.cells.map((c) =>
            el(
              "td",
              { class: `cell ${c.status}`, title: c.why ?? c.status },
              el("span", { class: "status" }, SYMBOL[c.status] ?? c.status),
              c.id ? el("div", { class: "note" }, `as ${c.id}`) : null,
              c.why && c.status !== "not-read" ? el("div", { class: "why" }, c.why) : null,
            ),
          ),
        );
      }),
    );
  }

  const nodes = new Map<string, GraphNode>(data.graph.nodes.map((n) => [n.id, n]));
  const graph = lookup(data.graph);
  /** What the picture of one agent shows, and its counts count: one reading of the graph. */
  const around = (id: string) => {
    const { direct, viaAny } = graph.spawnersAll(id);
    return { direct, viaAny, spawns: graph.spawnsOf(id), hides: graph.shadowsOf(id) };
  };
  const graphAgents = data.graph.nodes.filter((n) => {
    if (n.kind !== "agent") return false;
    const a = around(n.id);
    return a.spawns.length + a.direct.length + a.viaAny.length + a.hides.length > 0;
  });

  const SVG = "http://www.w3.org/2000/svg";
  const svgEl = (tag: string, attrs: Record<string, string | number>, text?: string) => {
    const node = doc.createElementNS(SVG, tag);
    for (const k of Object.keys(attrs)) node.setAttribute(k, String(attrs[k]));
    if (text !== undefined) node.textContent = text;
    return node;
  };
  const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

  /** The neighbourhood of one agent: who may spawn it, what it may spawn, what it hides. */
  function drawFocus(id: string) {
    const node = nodes.get(id);
    const host = $("graph-picture");
    if (!node) {
      host.replaceChildren(el("p", { class: "empty" }, "No agent here spawns or is spawned."));
      return;
    }
    // A self-spawn is drawn once, on the right.
    type Side = { node: GraphNode; edge?: GraphEdge; label?: string; title?: string };
    const SHOWN = 12;
    /** At most SHOWN boxes a side; the rest is one box that says how many (its title names them). */
    const fit = (items: Side[]): Side[] => {
      if (items.length <= SHOWN) return items;
      const rest = items.slice(SHOWN - 1);
      return [
        ...items.slice(0, SHOWN - 1),
        {
          node: rest[0]!.node,
          label: `+ ${rest.length} more`,
          title: rest.map((x) => x.node.name).join(", "),
        },
      ];
    };
    const near = around(id);
    const direct: Side[] = near.direct.map((e) => ({ node: nodes.get(e.from) as GraphNode, edge: e }));
    // Agents that may spawn any agent are one box, not one each.
    const anyOthers = near.viaAny;
    const anySide: Side[] = anyOthers.length
      ? [
          {
            node: nodes.get("any") as GraphNode,
            label: `${anyOthers.length} ${anyOthers.length === 1 ? "agent" : "agents"} spawning *`,
            title: anyOthers.map((e) => (nodes.get(e.from) as GraphNode).name).join(", "),
          },
        ]
      : [];
    const left = [...fit(direct), ...anySide];
    const right = fit(near.spawns.map((e) => ({ node: nodes.get(e.to) as GraphNode, edge: e })));
    const below = near.hides;
    const rowH = 34;
    const rows = Math.max(left.length, right.length, 1);
    const height = Math.max(rows * rowH + 20, 120) + (below.length ? below.length * rowH + 20 : 0);
    const svg = svgEl("svg", { viewBox: `0 0 900 ${height}`, width: "100%", role: "img" });
    svg.append(svgEl("title", {}, `spawn neighbourhood of ${node.name}`));
    const defs = svgEl("defs", {});
    const marker = svgEl("marker", {
      id: "arrow",
      viewBox: "0 0 10 10",
      refX: 9,
      refY: 5,
      markerWidth: 7,
      markerHeight: 7,
      orient: "auto",
    });
    marker.append(svgEl("path", { d: "M0,0 L10,5 L0,10 z", fill: "#555" }));
    defs.append(marker);
    svg.append(defs);
    const box = (
      x: number,
      y: number,
      w: number,
      label: string,
      cls: string,
      target?: string,
      title?: string,
    ) => {
      const g = svgEl("g", { class: `node ${cls}` });
      if (title) g.append(svgEl("title", {}, title));
      g.append(svgEl("rect", { x, y, width: w, height: 26, rx: 6 }));
      g.append(svgEl("text", { x: x + w / 2, y: y + 17, "text-anchor": "middle" }, clip(label, 30)));
      if (target) {
        g.setAttribute("tabindex", "0");
        g.addEventListener("click", () => focus(target));
      }
      svg.append(g);
    };
    const midY = (rows * rowH) / 2 + 10;
    const line = (
      x1: number,
      y1: number,
      x2: number,
      y2: number,
      refusal: GraphRefusal | undefined,
      label: string,
    ) => {
      const path = svgEl("path", {
        d: `M${x1},${y1} C${(x1 + x2) / 2},${y1} ${(x1 + x2) / 2},${y2} ${x2},${y2}`,
        class: refusal ? "edge refused" : "edge",
        "marker-end": "url(#arrow)",
      });
      if (refusal) path.append(svgEl("title", {}, `${refusal.message} (${refusal.code})`));
      svg.append(path);
      if (label)
        svg.append(
          svgEl(
            "text",
            { x: (x1 + x2) / 2, y: (y1 + y2) / 2 - 4, class: "edge-label", "text-anchor": "middle" },
            label,
          ),
        );
    };
    left.forEach((item, i) => {
      const y = i * rowH + 10 + ((rows - left.length) * rowH) / 2;
      const target = item.label || item.node.kind !== "agent" ? undefined : item.node.id;
      box(10, y, 220, item.label ?? item.node.name, item.label ? "any" : "spawner", target, item.title);
      const refusal = item.edge?.refusal;
      line(230, y + 13, 340, midY, refusal, refusal ? `✗ ${refusal.label}` : "");
    });
    box(340, midY - 13, 220, node.name, "focus");
    right.forEach((item, i) => {
      const y = i * rowH + 10 + ((rows - right.length) * rowH) / 2;
      const label = item.label ?? (item.node.kind === "any" ? "* any agent" : item.node.name);
      const target = item.label || item.node.kind !== "agent" ? undefined : item.node.id;
      box(670, y, 220, label, item.label ? "any" : item.node.kind, target, item.title);
      const refusal = item.edge?.refusal;
      line(560, midY, 670, y + 13, refusal, refusal ? `✗ ${refusal.label}` : "");
    });
    below.forEach((s, i) => {
      const y = rows * rowH + 30 + i * rowH;
      box(340, y, 220, `${s.name} · ${s.family} ${s.source}`, "shadowed");
      svg.append(
        svgEl("text", { x: 570, y: y + 17, class: "hidden-label" }, `hidden: ${clip(s.filePath ?? "", 48)}`),
      );
    });
    const refusals = [...direct, ...near.spawns.map((edge) => ({ edge }))].filter((x) => x.edge?.refusal);
    const parts: Node[] = [
      el("h3", null, node.name, el("span", { class: "sub" }, ` ${node.family} · ${node.source}`)),
      svg,
    ];
    if (data.depthRule) parts.push(el("p", { class: "note" }, data.depthRule));
    const list = refusals.length
      ? el(
          "ul",
          { class: "refusals" },
          ...refusals.map((x) =>
            el(
              "li",
              null,
              `✗ ${x.edge!.refusal!.label}: `,
              x.edge!.refusal!.message,
              el("code", null, ` ${x.edge!.refusal!.code}`),
            ),
          ),
        )
      : null;
    if (list) parts.push(list);
    host.replaceChildren(...parts);
  }

  function focus(id: string) {
    state.focus = id;
    drawGraph();
  }

  function drawGraph() {
    const q = state.q;
    const rows = graphAgents.filter((n) => !q || lower(n.name).includes(q));
    const { start, end } = pager("graph", rows.length, $("graph-pager"));
    if (!state.focus && rows.length) state.focus = rows[0]!.id;
    $("graph-list").replaceChildren(
      ...rows.slice(start, end).map((n) => {
        // The same reading as the picture: the agents that name it and those that may spawn any.
        const near = around(n.id);
        const spawns = near.spawns.length;
        const by = near.direct.length + near.viaAny.length;
        const b = el(
          "button",
          { type: "button", class: n.id === state.focus ? "picked" : "" },
          n.name,
          el("span", { class: "sub" }, ` → ${spawns} · ← ${by}`),
        );
        b.addEventListener("click", () => focus(n.id));
        return el("li", null, b);
      }),
    );
    drawFocus(state.focus);
  }

  function drawDiagnostics() {
    const q = state.q;
    const severity = state.filter.severity ?? "";
    const groups = data.diagnostics
      .map((g, i) => ({ g, i }))
      .filter(
        ({ g, i }) =>
          (!q || diagHay[i]!.includes(q)) && (!severity || g.items.some((x) => x.severity === severity)),
      );
    const { start, end } = pager("diagnostics", groups.length, $("diagnostics-pager"));
    $("diagnostics-list").replaceChildren(
      ...groups
        .slice(start, end)
        .map(({ g }) =>
          el(
            "section",
            { class: "file" },
            el("h3", { class: "path" }, g.file),
            el(
              "ul",
              null,
              ...g.items
                .filter((x) => !severity || x.severity === severity)
                .map((x) =>
                  el(
                    "li",
                    { class: x.severity },
                    el("span", { class: `badge ${x.severity}` }, x.severity),
                    " ",
                    el("code", null, x.code),
                    x.line ? ` line ${x.line}` : "",
                    " ",
                    x.message,
                    x.hint ? el("span", { class: "note" }, ` (${x.hint})`) : null,
                  ),
                ),
            ),
          ),
        ),
    );
  }

  function draw() {
    // Only the filters of the view shown.
    for (const select of Array.from(doc.querySelectorAll("[data-tabs]")))
      (select as HTMLElement).hidden = !(select.getAttribute("data-tabs") as string)
        .split(" ")
        .includes(state.tab);
    for (const tab of ["agents", "matrix", "graph", "diagnostics"]) {
      $(tab).hidden = tab !== state.tab;
      $(`tab-${tab}`).setAttribute("aria-selected", String(tab === state.tab));
    }
    if (state.tab === "agents") drawAgents();
    else if (state.tab === "matrix") drawMatrix();
    else if (state.tab === "graph") drawGraph();
    else drawDiagnostics();
  }

  for (const tab of ["agents", "matrix", "graph", "diagnostics"]) {
    $(`tab-${tab}`).addEventListener("click", () => {
      state.tab = tab;
      draw();
    });
  }
  $("q").addEventListener("input", (event) => {
    state.q = lower((event.target as HTMLInputElement).value.trim());
    for (const key of Object.keys(state.page)) state.page[key] = 0;
    draw();
  });
  for (const select of Array.from(doc.querySelectorAll("select[data-filter]"))) {
    select.addEventListener("change", () => {
      state.filter[(select as HTMLSelectElement).dataset.filter as string] = (
        select as HTMLSelectElement
      ).value;
      for (const key of Object.keys(state.page)) state.page[key] = 0;
      draw();
    });
  }
  const providers = [...new Set(data.agents.map((a) => a.provider))].sort();
  $("filter-provider").append(...providers.map((p) => el("option", { value: p }, p)));
  $("graph-text").textContent = data.graphText;
  $("graph-mermaid").textContent = data.graphMermaid;
  // `report.html#view=matrix` opens a view (a hash that names no element: the page does not scroll).
  const wanted = /(?:^#|&)view=([a-z]+)/.exec(location.hash)?.[1] ?? "";
  if (["agents", "matrix", "graph", "diagnostics"].includes(wanted)) state.tab = wanted;
  draw();
  doc.body.setAttribute("data-ready", "true");
}
