import { spawnSync } from "node:child_process";
import { describe, expect, test } from "vitest";
import { agent, everyKindGraph, HOSTILE } from "../test/agents.js";
import { buildSpawnGraph } from "./build-spawn-graph.js";
import { dotString, renderGraphDot } from "./render-graph-dot.js";

const hasDot = spawnSync("dot", ["-V"]).status === 0;
if (!hasDot)
  console.warn(
    "skipping the Graphviz tests: no `dot` on the PATH (apt-get install -y graphviz; .ci/run installs it)",
  );

describe("renderGraphDot", () => {
  test('strings are quoted with \\ and " escaped and controls made visible', () => {
    expect(dotString(HOSTILE)).toBe('"<img src=x onerror=alert(1)></script>\\"|#end;\\\\N"');
    expect(dotString("a\nb", "c")).toBe('"a\\\\x0ab\\nc"');
  });

  test("clusters per family, the shadowed definition hidden behind its winner, refusals red", () => {
    const text = renderGraphDot(everyKindGraph());
    expect(text).toMatch(/^digraph roster \{\n/);
    expect(text).toContain('subgraph cluster_0 {\n    label="claude";');
    expect(text).toContain('a1 -> s0 [label="hides", style=dashed, arrowhead=none');
    expect(text).toContain('a0 -> a0 [label="✗ itself"');
    expect(text).toContain('  label="maxRecursionDepth 2: the 2nd agent of a chain may spawn nothing";');
  });

  test.skipIf(!hasDot)("dot -Tsvg draws it, the hostile name as text", () => {
    const result = spawnSync("dot", ["-Tsvg"], { input: renderGraphDot(everyKindGraph()), encoding: "utf8" });
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("<svg");
    // Graphviz escapes it for SVG: markup from a name stays text.
    expect(result.stdout).toContain("&lt;img src=x onerror=alert(1)&gt;&lt;/script&gt;&quot;|#end;\\N");
    expect(result.stdout).not.toContain("<img");
  });

  test.skipIf(!hasDot)("dot -Tsvg draws 1,000 agents", () => {
    const agents = Array.from({ length: 1000 }, (_, i) =>
      agent(`agent-${i}`, { spawns: [`agent-${(i * 7) % 1000}`] }),
    );
    const text = renderGraphDot(buildSpawnGraph({ discovery: { agents, shadowed: [] } }));
    const result = spawnSync("dot", ["-Tsvg"], {
      input: text,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
    expect(result.status, result.stderr).toBe(0);
  });
});
