import { createSandbox } from "@roster/testkit";
import { describe, expect, test } from "vitest";
import { HOSTILE } from "../test/agents.js";
import { reportOf } from "../test/report-fixture.js";
import { escapeHtml, renderReportHtml, scriptJson } from "./render-report-html.js";

describe("renderReportHtml", () => {
  test("scriptJson: no </script>, <!-- or line separator survives, and JSON.parse reads it back", () => {
    const value = { name: `</script><!--${HOSTILE}\u2028\u2029&` };
    const text = scriptJson(value);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
  });

  test("escapeHtml", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
  });

  test("file data never reaches the page as markup; nothing is loaded from anywhere", async () => {
    const box = createSandbox();
    try {
      box.write({
        "project/.claude/agents/evil.md": `---\nname: ${JSON.stringify(HOSTILE)}\ndescription: "</script><script>alert(2)</script>"\n---\nbody`,
      });
      const data = await reportOf(box);
      data.cwd = `/tmp/${HOSTILE}`;
      data.title = HOSTILE;
      const html = renderReportHtml(data);
      expect(html).not.toContain("<img");
      expect(html).not.toContain("<script>alert");
      // Exactly the page's own two script elements close.
      expect(html.split("</script>")).toHaveLength(3);
      expect(html).toContain(`<title>${escapeHtml(HOSTILE)}</title>`);
      expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'none';`);
      // No address but the SVG namespace (a name, never fetched).
      expect([...new Set(html.match(/https?:\/\/[^\s"'`)]+/g))]).toEqual(["http://www.w3.org/2000/svg"]);
      // The data comes back whole from the page.
      const json = /<script type="application\/json" id="roster-data">(.*?)<\/script>/s.exec(html)![1]!;
      expect(JSON.parse(json).agents.some((a: { name: string }) => a.name === HOSTILE)).toBe(true);
    } finally {
      box.cleanup();
    }
  });
});
