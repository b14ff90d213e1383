// The examples `--help` ends with (as `gh help` does), one list per command. Plain text:
// commander prints them after the options.
import type { Command } from "commander";

/** Examples by command path (`""` is plain `roster --help`). */
export const EXAMPLES: Readonly<Record<string, readonly string[]>> = {
  "": [
    "roster list",
    "roster why code-reviewer",
    'roster run code-reviewer --task "Review src/auth.ts"',
    "roster doctor --as gemini",
  ],
  list: [
    "roster list review",
    "roster list --source project --names",
    "roster list --as codex",
    "roster list --json | jq '.agents[].name'",
  ],
  show: [
    "roster show code-reviewer",
    "roster show code-reviewer --as codex",
    "roster show beta:code-reviewer --json",
  ],
  why: ["roster why code-reviewer", "roster why code-reviewer --as opencode"],
  doctor: [
    "roster doctor",
    "roster doctor --strict --quiet",
    "roster doctor --as gemini",
    "roster doctor --format github",
  ],
  run: [
    'roster run code-reviewer --task "Review src/auth.ts"',
    'roster run planner --task "Plan the login page" --dry-run',
    'roster run code-reviewer --task "a" --task "b" --host codex',
    'roster run code-reviewer --task "Review the diff" --queue redis://queue.internal:6379',
  ],
  worker: [
    "roster worker --queue redis://queue.internal:6379",
    "roster worker --queue redis://queue.internal:6379 --hosts claude --concurrency 4 --max-permission acceptEdits",
  ],
  "queue status": ["roster queue status redis://queue.internal:6379", "roster queue status --json"],
  "queue wait": ["roster queue wait $(roster run reviewer --task go --queue $Q --detach) --queue $Q"],
  export: [
    "roster export planner --to codex",
    "roster export reviewer --to gemini --stdout",
    "roster export reviewer --to codex --name code-reviewer",
    "roster export deploy --skills --to copilot",
  ],
  new: [
    'roster new reviewer --for claude --description "Reviews a change before merge" --tools Read,Grep',
    "roster new planner --for gemini --scope user",
    "roster new helper --for codex --prompt - < instructions.md",
  ],
  sync: [
    "roster sync --to codex,gemini --dry-run",
    "roster sync --to gemini --name CSharpExpert=csharp-expert",
    "roster sync --to opencode --scope user",
    "roster sync --skills --to codex,opencode --dry-run",
  ],
  add: [
    "roster add wshobson/agents --path plugins/code-review",
    "roster add https://github.com/acme/agents.git#v2 --to claude,opencode",
    "roster add ../team-agents --agent reviewer --agent planner",
    "roster add acme/agents --json | jq '.sources[].findings'",
  ],
  install: ["roster install", "roster install --frozen --yes", "roster install --check"],
  update: ["roster update", "roster update acme/agents"],
  outdated: ["roster outdated", "roster outdated --json"],
  remove: ["roster remove acme/agents"],
  sources: ["roster sources", "roster sources --scope user --json"],
  completion: ['eval "$(roster completion bash)"', "roster completion fish | source"],
  "commands list": ["roster commands list", "roster commands list --names"],
  "skills list": [
    "roster skills list",
    "roster skills list --as codex",
    "roster skills list --json | jq '.skills[].name'",
  ],
  "skills show": ["roster skills show deploy", "roster skills show deploy --as copilot --json"],
  "skills why": ["roster skills why deploy", "roster skills why deploy --as opencode"],
  "commands expand": ['roster commands expand review-pr 123 "be brief"'],
  trust: ["roster trust", "roster trust --list", "roster trust --revoke ~/src/app"],
  "cache clear": ["roster cache clear"],
};

/** Adds each command's examples to its `--help`. */
export function addExamples(program: Command): void {
  const visit = (command: Command, path: string[]) => {
    const examples = EXAMPLES[path.join(" ")];
    if (examples) command.addHelpText("after", `\nExamples:\n${examples.map((e) => `  $ ${e}`).join("\n")}`);
    for (const sub of command.commands) visit(sub, [...path, sub.name()]);
  };
  visit(program, []);
}
