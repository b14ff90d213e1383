import { writeFileSync } from "node:fs";
import { createSandbox } from "@roster/testkit";
import { test } from "vitest";
import { reportOf } from "../test/report-fixture.js";
import { renderReportHtml } from "./index.js";

test("smoke", async () => {
  const box = createSandbox();
  box.write({
    "project/.claude/agents/lead.md": "---\nname: lead\ndescription: leads the team\ntools: Read, Agent(reviewer, lead, ghost)\ncolor: blue\n---\nx",
    "project/.claude/agents/reviewer.md": "---\nname: reviewer\ndescription: reviews code\nspawns: fixer, explore\n---\nx",
    "project/.claude/agents/evil.md": "---\nname: \"<img src=x onerror=alert(1)></script>\"\ndescription: \"</script><script>alert(2)</script>\"\n---\nx",
    "project/.claude/agents/fixer.md": "---\nname: fixer\ndescription: fixes\nspawns: '*'\n---\nx",
    "project/.gemini/agents/bad.md": "---\nname: Bad Name\ndescription: x\n---\nx",
    "home/.claude/agents/reviewer.md": "---\nname: reviewer\ndescription: old reviewer\n---\nx",
  });
  const data = await reportOf(box);
  writeFileSync("/tmp/i33-report.html", renderReportHtml(data));
  box.cleanup();
});
