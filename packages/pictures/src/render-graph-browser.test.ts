// Mermaid's own renderer (the mermaid package GitHub's Markdown uses) draws what
// renderGraphMermaid writes, in a real Chromium: a syntax error would throw here.
import { createRequire } from "node:module";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { agent, everyKindGraph, HOSTILE } from "../test/agents.js";
import { hasChromium, launchChromium, NO_CHROMIUM } from "../test/chromium.js";
import { buildSpawnGraph } from "./build-spawn-graph.js";
import { renderGraphMermaid } from "./render-graph-mermaid.js";

const mermaidScript = createRequire(import.meta.url).resolve("mermaid/dist/mermaid.min.js");

if (!hasChromium) console.warn(`skipping the Mermaid rendering tests: ${NO_CHROMIUM}`);

describe.skipIf(!hasChromium)("renderGraphMermaid in Mermaid's renderer (headless Chromium)", () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launchChromium();
    page = await browser.newPage();
    await page.setContent("<!doctype html><html><body></body></html>");
    await page.addScriptTag({ path: mermaidScript });
    await page.evaluate(() => {
      // GitHub renders Mermaid with its strict security level.
      (globalThis as unknown as { mermaid: { initialize(c: object): void } }).mermaid.initialize({
        startOnLoad: false,
        securityLevel: "strict",
      });
    });
  }, 120_000);
  afterAll(async () => browser?.close());

  /** Parses and renders `text`; returns the SVG's text and whether an <img> got in. */
  const render = (text: string) =>
    page.evaluate(async (source) => {
      const mermaid = (
        globalThis as unknown as {
          mermaid: {
            parse(text: string): Promise<unknown>;
            render(id: string, text: string): Promise<{ svg: string }>;
          };
        }
      ).mermaid;
      await mermaid.parse(source);
      const { svg } = await mermaid.render(`g${Math.random().toString(36).slice(2)}`, source);
      const host = document.createElement("div");
      host.innerHTML = svg;
      document.body.replaceChildren(host);
      return {
        text: host.textContent ?? "",
        images: host.querySelectorAll("img, script, [onerror]").length,
        nodes: host.querySelectorAll("g.node").length,
      };
    }, text);

  test("every kind of node and edge, names that are Mermaid syntax and a hostile name render", async () => {
    const drawn = await render(renderGraphMermaid(everyKindGraph()));
    expect(drawn.images).toBe(0);
    // The hostile name is text in the picture, exactly as written.
    expect(drawn.text).toContain(HOSTILE);
    expect(drawn.text).toContain("✗ itself");
    expect(drawn.nodes).toBeGreaterThanOrEqual(8);
  }, 60_000);

  test("a picture of 300 agents renders", async () => {
    const agents = Array.from({ length: 300 }, (_, i) =>
      agent(`agent-${i}`, {
        provider: ["claude", "codex", "gemini"][i % 3]!,
        spawns: i % 10 === 0 ? "*" : [`agent-${(i + 1) % 300}`],
      }),
    );
    const drawn = await render(renderGraphMermaid(buildSpawnGraph({ discovery: { agents, shadowed: [] } })));
    // 300 agents, "any agent" and the note of the depth rule.
    expect(drawn.nodes).toBe(302);
  }, 120_000);
});
