import { toolTable } from "@roster/family";
import { argOf as arg, hostPlanner } from "@roster/testkit";
import { describe, expect, test } from "vitest";
import { copilotFamily } from "./copilot-family.js";
import { copilotHost } from "./copilot-host.js";

// The family's own host, planned in the family's own vocabulary (as the app hands them over).
const plan = hostPlanner({
  family: copilotFamily,
  host: copilotHost,
  tools: toolTable([copilotFamily.vocabulary]),
});

describe("Copilot CLI's host is its family's", () => {
  test("the family's host slot holds it: copilotFamily.host is copilotHost, id copilot", () => {
    expect(copilotFamily.host).toBe(copilotHost);
    expect(copilotHost.id).toBe("copilot");
  });

  test("models: the family's rules choose, provider prefixes stripped, its alias taken", () => {
    const { args, notes } = plan({ model: ["mistral-large", "github-copilot/claude-sonnet-4.6"] });
    expect(arg(args, "--model")).toBe("claude-sonnet-4.6");
    expect(notes).toContain("models Copilot CLI does not take were skipped: mistral-large");
    expect(arg(plan({ model: ["auto"] }).args, "--model")).toBe("auto");
  });

  test("disallowed tools go to --excluded-tools in Copilot CLI's own tool ids", () => {
    const { args } = plan({ disallowedTools: ["Bash", "Write", "fetch"] });
    expect(args).toContain("--excluded-tools=bash,create,web_fetch");
  });
});
