import { describe, expect, test } from "vitest";
import { completionScript } from "./completion-script.js";
import type { CompletionSpec } from "./types.js";

const spec: CompletionSpec = {
  global: [{ names: ["--cwd"], description: "run in DIR", takesValue: true, values: { kind: "dirs" } }],
  commands: [
    {
      path: ["show"],
      description: "one agent's\nfile",
      flags: [
        {
          names: ["--to", "-t"],
          description: "tools",
          takesValue: true,
          values: { kind: "words", words: ["codex", "claude"], list: true },
        },
      ],
      args: [{ kind: "agents" }],
    },
    { path: ["commands"], description: "workflow commands", flags: [], args: [] },
    { path: ["commands", "show"], description: "one command", flags: [], args: [{ kind: "commands" }] },
  ],
};

describe("completionScript", () => {
  test("bash: names go through _roster_names, never compgen -W; value flags skip their value", () => {
    const script = completionScript("bash", spec);
    expect(script).toContain('"show|0") _roster_names list ;;');
    expect(script).toContain('"commands show|0") _roster_names commands list ;;');
    expect(script).toContain("      --cwd|--to|-t) ((i++)) ;;");
    expect(script).toContain("      commands) if ((n > 1))");
    expect(script).toContain(`_roster_offer "$pre" 'codex' 'claude'`);
    expect(script).not.toContain("compgen -W");
    expect(script.endsWith("complete -F _roster roster\n")).toBe(true);
  });
  test("zsh: a description is one line and quoted; a list value completes after its last comma", () => {
    const script = completionScript("zsh", spec);
    expect(script).toContain(`'show:one agent'\\''s file'`);
    expect(script).toContain("compset -P '*,'; compadd -S '' -q -- codex claude");
    expect(script).toContain("\"commands|0\") items=('show:one command')");
  });
  test("fish: quotes descriptions its own way, a group's commands after the group", () => {
    const script = completionScript("fish", spec);
    expect(script).toContain(`-a show -d 'one agent\\'s file'`);
    expect(script).toContain(
      `complete -c roster -n 'test (__roster_cmd) = "commands|0"' -a show -d 'one command'`,
    );
    expect(script).toContain(
      "complete -c roster -l cwd -d 'run in DIR' -x -a '(__fish_complete_directories)'",
    );
    expect(script).toContain("        case --cwd --to -t");
  });
});
