// The report as a browser shows it: a real headless Chromium opens the file from file://,
// with no server and no network, and the page's own script draws every view.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { createSandbox, type Sandbox } from "@roster/testkit";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { HOSTILE } from "../test/agents.js";
import { hasChromium, launchChromium, NO_CHROMIUM } from "../test/chromium.js";
import { PROFILES, reportOf } from "../test/report-fixture.js";
import { renderReportHtml } from "./render-report-html.js";

if (!hasChromium) console.warn(`skipping the report's browser tests: ${NO_CHROMIUM}`);

/** A project with a hostile name, a shadowed agent, spawns, and files some tools refuse. */
const TREE = {
  "project/.claude/agents/evil.md": `---\nname: ${JSON.stringify(HOSTILE)}\ndescription: "</script><script>window.pwned = 1</script>"\nspawns: lead\n---\nbody`,
  "project/.claude/agents/lead.md":
    "---\nname: lead\ndescription: leads the team\ntools: Read, Agent(reviewer, lead)\n---\nbody",
  "project/.claude/agents/reviewer.md": "---\nname: reviewer\ndescription: reviews code\n---\nbody",
  "home/.claude/agents/reviewer.md": "---\nname: reviewer\ndescription: the old reviewer\n---\nbody",
  "project/.gemini/agents/Bad Name.md": "---\nname: Bad Name\ndescription: not a slug\ncolor: red\n---\nbody",
  "project/.claude/agents/broken.md": "---\nname: broken\ndescription: [unclosed\n---\nbody",
};

describe.skipIf(!hasChromium)("the HTML report in headless Chromium", () => {
  let box: Sandbox;
  let dir: string;
  let browser: Browser;
  let page: Page;
  const requests: string[] = [];
  const problems: string[] = [];

  beforeAll(async () => {
    box = createSandbox();
    box.write(TREE);
    dir = mkdtempSync(join(tmpdir(), "roster-report-"));
    const file = join(dir, "report.html");
    writeFileSync(file, renderReportHtml(await reportOf(box)));
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    page.on("request", (request) => requests.push(request.url()));
    page.on("dialog", (dialog) => {
      problems.push(`dialog: ${dialog.message()}`);
      void dialog.dismiss();
    });
    page.on("pageerror", (error) => problems.push(`error: ${error.message}`));
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(`console: ${message.text()}`);
    });
    await page.goto(pathToFileURL(file).href);
    await page.waitForSelector("body[data-ready=true]");
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    box?.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  test("it opens offline: the file itself and nothing else is requested; no error, no dialog", () => {
    expect(requests.every((url) => url.startsWith("file://"))).toBe(true);
    expect(requests).toHaveLength(1);
    expect(problems).toEqual([]);
  });

  test("the merged view shows the hostile name as text, and its markup does nothing", async () => {
    const names = await page.locator("#agents-body td.name").allTextContents();
    expect(names).toContain(HOSTILE);
    expect(await page.locator("img, #agents script").count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    const descriptions = await page.locator("#agents-body td.desc").allTextContents();
    expect(descriptions).toContain("</script><script>window.pwned = 1</script>");
  });

  test("the search box and the filters narrow the rows", async () => {
    await page.fill("#q", "reviewer");
    expect(await page.locator("#agents-body td.name").allTextContents()).toEqual([
      "reviewer",
      "reviewer",
      "reviewer",
    ]);
    await page.selectOption("select[data-filter=outcome]", "shadowed");
    expect(await page.locator("#agents-body tr").count()).toBe(2);
    await page.selectOption("select[data-filter=outcome]", "");
    await page.fill("#q", "");
  });

  test("the matrix has a column for every tool and gives each tool's reason in its words", async () => {
    await page.click("#tab-matrix");
    const heads = await page.locator("#matrix-head th").allTextContents();
    expect(heads).toHaveLength(PROFILES.length + 1);
    for (const profile of PROFILES) expect(heads.some((h) => h.startsWith(profile.displayName))).toBe(true);
    const geminiColumn = PROFILES.findIndex((p) => p.tool === "gemini");
    const bad = page.locator("#matrix-body tr", { hasText: "Bad Name" });
    const cell = bad.locator("td").nth(geminiColumn);
    expect(await cell.locator(".status").textContent()).toBe("✗ rejected");
    expect(await cell.locator(".why").textContent()).toMatch(/^Gemini CLI /);
    const shadowed = page
      .locator("#matrix-body tr", { hasText: "~/.claude" })
      .or(page.locator("#matrix-body tr", { hasText: "home/.claude/agents/reviewer.md" }));
    const claudeColumn = PROFILES.findIndex((p) => p.tool === "claude");
    expect(await shadowed.first().locator("td").nth(claudeColumn).locator(".status").textContent()).toBe(
      "◐ shadowed",
    );
  });

  test("the spawn graph draws the chosen agent's neighbourhood and the executor's refusals", async () => {
    await page.click("#tab-graph");
    await page.click("#graph-list button:has-text('lead')");
    const picture = page.locator("#graph-picture");
    expect(await picture.locator("svg g.node").count()).toBeGreaterThanOrEqual(3);
    expect(await picture.locator("svg path.edge.refused").count()).toBe(1);
    expect(await picture.locator("ul.refusals").textContent()).toContain(
      "Cannot spawn lead agent from within itself (recursion prevention).",
    );
    expect(await picture.locator("svg text").allTextContents()).toContain(`${HOSTILE.slice(0, 29)}…`);
    expect(await page.locator("#graph-text").textContent()).toContain("├─ lead · project · via tools");
  });

  test("diagnostics are grouped per file", async () => {
    await page.click("#tab-diagnostics");
    const files = await page.locator("#diagnostics-list section.file h3").allTextContents();
    expect(files).toContain(".claude/agents/broken.md");
  });

  test("a screenshot shows the page drawn (the matrix)", async () => {
    await page.click("#tab-matrix");
    const shot = join(dir, "matrix.png");
    const png = await page.screenshot({ path: shot });
    // A PNG of the viewport's size, with enough in it to be a drawn page (a blank one is ~5 KB).
    expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1400, 900]);
    expect(png.length).toBeGreaterThan(40_000);
    if (process.env.ROSTER_KEEP_SCREENSHOT)
      writeFileSync(process.env.ROSTER_KEEP_SCREENSHOT, readFileSync(shot));
  });
});

describe.skipIf(!hasChromium)("the HTML report at 1,000 agents", () => {
  test("pages of 100 rows; search and paging work", async () => {
    const box = createSandbox();
    const dir = mkdtempSync(join(tmpdir(), "roster-report-"));
    const browser = await launchChromium();
    try {
      const tree: Record<string, string> = {};
      for (let i = 0; i < 1000; i++)
        tree[`project/.claude/agents/agent-${String(i).padStart(4, "0")}.md`] =
          `---\nname: agent-${i}\ndescription: agent number ${i} of a thousand\n${i % 20 === 0 ? "spawns: '*'\n" : ""}---\nbody`;
      box.write(tree);
      const file = join(dir, "report.html");
      writeFileSync(file, renderReportHtml(await reportOf(box)));
      const page = await browser.newPage();
      await page.goto(pathToFileURL(file).href);
      await page.waitForSelector("body[data-ready=true]");
      expect(await page.locator("#agents-body tr").count()).toBe(100);
      expect(await page.locator("#agents-pager .count").textContent()).toBe("1–100 of 1006");
      await page.click("#agents-pager button[data-pager=next]");
      expect(await page.locator("#agents-pager .count").textContent()).toBe("101–200 of 1006");
      await page.fill("#q", "agent number 99");
      expect(await page.locator("#agents-body td.name").allTextContents()).toEqual([
        "agent-99",
        "agent-990",
        "agent-991",
        "agent-992",
        "agent-993",
        "agent-994",
        "agent-995",
        "agent-996",
        "agent-997",
        "agent-998",
        "agent-999",
      ]);
      await page.click("#tab-matrix");
      expect(await page.locator("#matrix-body tr").count()).toBe(11);
    } finally {
      await browser.close();
      box.cleanup();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
