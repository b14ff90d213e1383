import { Command } from "commander";
import { describe, expect, test } from "vitest";
import { completionSpec } from "./completion-spec.js";
import { rosterValues } from "./roster-values.js";

const words = {
  profiles: ["claude", "codex"],
  skillTools: ["claude"],
  writers: ["codex", "gemini"],
  hosts: ["claude"],
  providers: ["claude", "bundled"],
  sources: ["project", "user"],
};

function program(): Command {
  const p = new Command("roster").option("--cwd <dir>", "run in DIR");
  p.command("show").argument("<name>", "agent").option("--as <tool>", "view").option("--host <host>", "h");
  p.command("new").argument("<name>", "the new agent").option("--for <tool>", "tool");
  p.command("sync").option("--to <tools>", "tools");
  p.command("export").argument("<name>", "agent").option("--to <tool>", "tool");
  p.command("trust").argument("[dir]", "a folder");
  const skills = p.command("skills");
  skills.command("show").argument("<name>", "skill").option("--as <tool>", "view");
  p.command("commands").command("show").argument("<name>", "command");
  return p;
}

describe("rosterValues", () => {
  const spec = completionSpec(program(), rosterValues(words));
  const command = (path: string) => spec.commands.find((c) => c.path.join(" ") === path)!;
  const flag = (path: string, name: string) => command(path).flags.find((f) => f.names[0] === name)?.values;
  test("--as is a profile's tool, but a skill source's under skills; --host adds auto", () => {
    expect(flag("show", "--as")).toEqual({ kind: "words", words: ["claude", "codex"] });
    expect(flag("skills show", "--as")).toEqual({ kind: "words", words: ["claude"] });
    expect(flag("show", "--host")).toEqual({ kind: "words", words: ["claude", "auto"] });
    expect(spec.global[0]?.values).toEqual({ kind: "dirs" });
  });
  test("sync --to is a comma-separated list, export --to one tool; --for a writer's tool", () => {
    expect(flag("sync", "--to")).toEqual({ kind: "words", words: ["codex", "gemini"], list: true });
    expect(flag("export", "--to")).toEqual({ kind: "words", words: ["codex", "gemini"], list: false });
    expect(flag("new", "--for")).toEqual({ kind: "words", words: ["codex", "gemini"] });
  });
  test("a name is an agent, a command or a skill by its group; new's name and a plain word complete to nothing", () => {
    expect(command("show").args).toEqual([{ kind: "agents" }]);
    expect(command("commands show").args).toEqual([{ kind: "commands" }]);
    expect(command("skills show").args).toEqual([{ kind: "skills" }]);
    expect(command("new").args).toEqual([undefined]);
    expect(command("trust").args).toEqual([{ kind: "dirs" }]);
  });
});
