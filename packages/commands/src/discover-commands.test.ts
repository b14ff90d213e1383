import { join } from "node:path";
import {
  createRegistry,
  DiscoveryCache,
  type DiscoveryContext,
  defineProvider,
  type FileFormat,
  familyLocations,
  type LoadedItem,
  type Location,
  type PluginInfo,
} from "@roster/core";
import { createSandbox, type Sandbox } from "@roster/testkit";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { commandOptions, type PlaceholderSyntax } from "./command-options.js";
import { discoverCommands } from "./discover-commands.js";
import { expandCommand } from "./expand-command.js";
import { getCommand } from "./get-command.js";

/** A tiny TOML-like format for tests: `key = "value"` lines; a missing `prompt` is an error. */
const fakeToml: FileFormat = {
  id: "fake-toml",
  extensions: [".toml"],
  parse: (file) => {
    const fields: Record<string, unknown> = {};
    for (const line of file.content.split("\n")) {
      const match = /^(\w+) = "(.*)"$/.exec(line);
      if (match) fields[match[1]!] = match[2];
    }
    const { prompt, ...frontmatter } = fields;
    if (typeof prompt !== "string") {
      return {
        kind: "unusable",
        reason: { severity: "error", code: "test/missing-prompt", message: "no prompt" },
      };
    }
    return { kind: "parsed", frontmatter, body: prompt, diagnostics: [] };
  },
};

/** A config family like the real ones: nearest `<folder>/<commandsDir>` upward, then the user dir. */
function family(
  id: string,
  folder: string,
  extra: Omit<Location, "dir" | "scope"> = {},
  commandsDir = "commands",
) {
  return defineProvider({
    id,
    locate: (ctx: DiscoveryContext, kind) =>
      kind === "commands"
        ? familyLocations(ctx, {
            project: `${folder}/${commandsDir}`,
            user: join(ctx.home, folder, commandsDir),
            ...extra,
          })
        : [],
  });
}

function loader(id: string, items: LoadedItem[]) {
  return defineProvider({ id, load: (_ctx, kind) => (kind === "commands" ? items : []) });
}

const cmd = (description: string, body = `Do ${description}.`, extra = "") =>
  `---\ndescription: ${description}\n${extra}---\n${body}\n`;

let box: Sandbox;
beforeEach(() => {
  box = createSandbox();
});
afterEach(() => box.cleanup());

describe("discoverCommands: precedence", () => {
  it("reads a project command before the user command of the same name", async () => {
    box.write({
      "project/.claude/commands/review.md": cmd("project review"),
      "home/.claude/commands/review.md": cmd("user review"),
      "home/.claude/commands/only-user.md": cmd("only user"),
    });
    const registry = createRegistry([family("claude", ".claude")]);
    const found = await discoverCommands(registry, box.ctx());
    expect(found.commands.map((c) => [c.name, c.source, c.description])).toEqual([
      ["review", "project", "project review"],
      ["only-user", "user", "only user"],
    ]);
    expect(found.shadowed).toHaveLength(1);
    expect(found.shadowed[0]!.command.description).toBe("user review");
    expect(found.shadowed[0]!.shadowedBy).toBe(join(box.project, ".claude/commands/review.md"));
    expect(found.searched.map((s) => [s.provider, s.location.scope, s.location.dir])).toEqual([
      ["claude", "project", join(box.project, ".claude/commands")],
      ["claude", "user", join(box.home, ".claude/commands")],
    ]);
  });

  it("lets a higher-ranked provider win, even its user folder over a lower provider's project folder", async () => {
    box.write({
      "home/.xcsh/commands/deploy.md": cmd("xcsh user deploy"),
      "project/.claude/commands/deploy.md": cmd("claude project deploy"),
    });
    const registry = createRegistry([family("xcsh", ".xcsh"), family("claude", ".claude")]);
    const found = await discoverCommands(registry, box.ctx());
    expect(getCommand(found, "deploy")).toMatchObject({ provider: "xcsh", source: "user" });
    expect(found.shadowed.map((s) => s.command.provider)).toEqual(["claude"]);

    const reversed = createRegistry([family("claude", ".claude"), family("xcsh", ".xcsh")]);
    const again = await discoverCommands(reversed, box.ctx());
    expect(getCommand(again, "deploy")).toMatchObject({ provider: "claude", source: "project" });
  });

  it("puts load items after every file, whatever the provider's rank, and names them by defaultName", async () => {
    box.write({ "project/.claude/commands/init.md": cmd("my init") });
    const bundled = loader("bundled", [
      {
        filePath: "embedded:init.md",
        frontmatter: { description: "bundled init" },
        body: "Init.",
        defaultName: "init",
      },
      {
        filePath: "embedded:setup.md",
        frontmatter: { description: "bundled setup" },
        body: "Setup $@.",
        defaultName: "setup",
      },
    ]);
    // Registered first on purpose: load items still come last.
    const registry = createRegistry([bundled, family("claude", ".claude")]);
    const found = await discoverCommands(registry, box.ctx());
    expect(found.commands.map((c) => [c.name, c.provider, c.source])).toEqual([
      ["init", "claude", "project"],
      ["setup", "bundled", "bundled"],
    ]);
    expect(found.shadowed.map((s) => [s.command.filePath, s.shadowedBy])).toEqual([
      ["embedded:init.md", join(box.project, ".claude/commands/init.md")],
    ]);
    expect(getCommand(found, "setup")).toMatchObject({
      filePath: "embedded:setup.md",
      instructions: "Setup $@.",
      placeholders: ["positional"],
    });
  });

  it("keeps Review and review apart and orders one folder by code units", async () => {
    box.write({
      "project/.claude/commands/review.md": cmd("lower"),
      "project/.claude/commands/Review.md": cmd("upper"),
      "project/.claude/commands/a.md": cmd("a"),
    });
    const found = await discoverCommands(createRegistry([family("claude", ".claude")]), box.ctx());
    expect(found.commands.map((c) => c.name)).toEqual(["Review", "a", "review"]);
    expect(getCommand(found, "Review")?.description).toBe("upper");
    expect(getCommand(found, "review")?.description).toBe("lower");
    expect(found.shadowed).toEqual([]);
  });

  it("skips project commands in an untrusted workspace", async () => {
    box.write({
      "project/.claude/commands/review.md": cmd("project review"),
      "home/.claude/commands/review.md": cmd("user review"),
    });
    const found = await discoverCommands(
      createRegistry([family("claude", ".claude")]),
      box.ctx({ trustProject: false }),
    );
    expect(found.commands.map((c) => c.description)).toEqual(["user review"]);
    expect(found.searched[0]!.status).toBe("untrusted");
  });
});

describe("discoverCommands: naming and fields", () => {
  it("under stem naming, a sub-folder is a namespace label, not part of the name", async () => {
    box.write({
      "project/.claude/commands/frontend/component.md": cmd("component"),
      "project/.claude/commands/top.md": cmd("top"),
      "home/.claude/commands/backend/api/route.md": cmd("route"),
    });
    const registry = createRegistry([family("claude", ".claude", { recursive: true })]);
    const found = await discoverCommands(registry, box.ctx());
    expect(found.commands.map((c) => [c.name, c.namespace])).toEqual([
      ["component", "project:frontend"],
      ["top", undefined],
      ["route", "user:backend:api"],
    ]);
    expect(found.commands[1]).not.toHaveProperty("namespace");
  });

  it("under path naming, sub-folders join the name with ':'", async () => {
    box.write({
      "project/.gemini/commands/git/commit.toml":
        'description = "Commit"\nprompt = "Write a commit for {{args}}"\n',
      "project/.gemini/commands/plain.toml": 'prompt = "Plain"\n',
    });
    const gemini = family("gemini", ".gemini", {
      recursive: true,
      formats: [fakeToml],
      ...commandOptions({ naming: "path", placeholders: ["braces"] }),
    });
    const found = await discoverCommands(createRegistry([gemini]), box.ctx());
    expect(found.commands.map((c) => [c.name, c.namespace, c.description])).toEqual([
      ["git:commit", undefined, "Commit"],
      ["plain", undefined, ""],
    ]);
    expect(getCommand(found, "git:commit")).toMatchObject({
      instructions: "Write a commit for {{args}}",
      placeholders: ["braces"],
    });
  });

  it("reads description and argument-hint from frontmatter; description is empty when absent", async () => {
    box.write({
      "project/.codex/prompts/fix.md":
        "---\ndescription: Fix an issue\nargument-hint: ISSUE=<id> [note]\n---\nFix $ISSUE.\n",
      "project/.codex/prompts/bare.md": "Just a body with $1.\n",
      "project/.codex/prompts/listed.md": "---\nargument-hint: [message]\n---\nSay $1\n",
    });
    const codex = family(
      "codex",
      ".codex",
      commandOptions({ placeholders: ["positional", "named"] }),
      "prompts",
    );
    const found = await discoverCommands(createRegistry([codex]), box.ctx());
    expect(getCommand(found, "fix")).toMatchObject({
      description: "Fix an issue",
      argumentHint: "ISSUE=<id> [note]",
      instructions: "Fix $ISSUE.",
      placeholders: ["positional", "named"],
    });
    expect(getCommand(found, "bare")).toMatchObject({
      description: "",
      instructions: "Just a body with $1.",
    });
    expect(getCommand(found, "bare")).not.toHaveProperty("argumentHint");
    expect(getCommand(found, "listed")?.argumentHint).toBe("[message]");
    expect(found.diagnostics).toEqual([]);
  });

  it("warns about a non-string description and still loads the command", async () => {
    box.write({ "project/.claude/commands/num.md": "---\ndescription: 42\n---\nBody\n" });
    const found = await discoverCommands(createRegistry([family("claude", ".claude")]), box.ctx());
    expect(getCommand(found, "num")?.description).toBe("");
    expect(found.diagnostics).toMatchObject([
      {
        code: "command/invalid-description",
        severity: "warning",
        filePath: join(box.project, ".claude/commands/num.md"),
      },
    ]);
  });
});

describe("discoverCommands: bad input", () => {
  it("skips a file its format rejects, keeps the error, and loads its neighbours", async () => {
    box.write({
      "project/.gemini/commands/a.toml": 'prompt = "A"\n',
      "project/.gemini/commands/broken.toml": 'description = "no prompt here"\n',
      "project/.gemini/commands/c.toml": 'prompt = "C"\n',
    });
    const gemini = family("gemini", ".gemini", {
      formats: [fakeToml],
      ...commandOptions({ naming: "path" }),
    });
    const found = await discoverCommands(createRegistry([gemini]), box.ctx());
    expect(found.commands.map((c) => c.name)).toEqual(["a", "c"]);
    expect(found.diagnostics).toEqual([
      {
        severity: "error",
        code: "test/missing-prompt",
        message: "no prompt",
        filePath: join(box.project, ".gemini/commands/broken.toml"),
      },
    ]);
  });

  it("loads a markdown file with malformed YAML through the fallback, with a warning naming it", async () => {
    box.write({
      "project/.claude/commands/good.md": cmd("good"),
      "project/.claude/commands/bad.md":
        "---\ndescription: fine\nargument-hint: [unclosed\n---\nStill $ARGUMENTS\n",
      "project/.claude/commands/zed.md": cmd("zed"),
    });
    const found = await discoverCommands(createRegistry([family("claude", ".claude")]), box.ctx());
    expect(found.commands.map((c) => c.name)).toEqual(["bad", "good", "zed"]);
    expect(getCommand(found, "bad")).toMatchObject({ description: "fine", instructions: "Still $ARGUMENTS" });
    const bad = join(box.project, ".claude/commands/bad.md");
    expect(found.diagnostics.length).toBeGreaterThan(0);
    for (const d of found.diagnostics) expect(d.filePath).toBe(bad);
    expect(found.diagnostics.some((d) => d.code.startsWith("frontmatter/"))).toBe(true);
  });

  it("reports a load item without any name and an empty body", async () => {
    const items = loader("gen", [
      { filePath: "generated:nameless", frontmatter: {}, body: "x" },
      { filePath: "generated:named", frontmatter: { name: "named" }, body: "" },
    ]);
    const found = await discoverCommands(createRegistry([items]), box.ctx());
    expect(found.commands.map((c) => c.name)).toEqual(["named"]);
    expect(found.files.map((f) => [f.path, f.outcome])).toEqual([
      ["generated:nameless", "skipped"],
      ["generated:named", "loaded"],
    ]);
    expect(found.diagnostics.map((d) => [d.code, d.severity, d.filePath])).toEqual([
      ["command/missing-name", "warning", "generated:nameless"],
      ["command/empty-instructions", "warning", "generated:named"],
    ]);
  });

  it("turns a provider that throws into a diagnostic", async () => {
    const failing = defineProvider({
      id: "failing",
      locate: () => {
        throw new Error("boom");
      },
    });
    box.write({ "project/.claude/commands/ok.md": cmd("ok") });
    const found = await discoverCommands(createRegistry([failing, family("claude", ".claude")]), box.ctx());
    expect(found.commands.map((c) => c.name)).toEqual(["ok"]);
    expect(found.diagnostics.map((d) => d.code)).toEqual(["provider/locate-failed"]);
  });
});

describe("discoverCommands: plugins", () => {
  const plugin = (name: string): PluginInfo => ({
    id: `${name}@market`,
    name,
    marketplace: "market",
    version: "1.0.0",
  });
  const plugins = (sandbox: Sandbox) =>
    defineProvider({
      id: "plugins",
      locate: (_ctx, kind) =>
        kind === "commands"
          ? ["alpha", "beta"].map((name) => ({
              dir: join(sandbox.root, "plugins", name, "commands"),
              scope: "user" as const,
              plugin: plugin(name),
            }))
          : [],
    });

  it("reaches each plugin's command by <plugin>:<name>, shadowed ones too through the discovery", async () => {
    box.write({
      "plugins/alpha/commands/review.md": cmd("alpha review"),
      "plugins/beta/commands/review.md": cmd("beta review"),
      "plugins/beta/commands/lint.md": cmd("beta lint"),
    });
    const found = await discoverCommands(createRegistry([plugins(box)]), box.ctx());
    expect(getCommand(found, "review")?.description).toBe("alpha review");
    expect(getCommand(found, "alpha:review")?.description).toBe("alpha review");
    expect(getCommand(found, "beta:review")?.description).toBe("beta review");
    expect(getCommand(found, "beta:lint")?.description).toBe("beta lint");
    expect(getCommand(found, "gamma:review")).toBeUndefined();
    // A bare list holds only winners: the shadowed beta review is out of reach.
    expect(getCommand(found.commands, "beta:review")).toBeUndefined();
    expect(getCommand(found.commands, "beta:lint")?.description).toBe("beta lint");
    expect(getCommand(found, "beta:review")?.plugin).toEqual(plugin("beta"));
  });

  it("answers a scoped id of an installed plugin only with that plugin's command", async () => {
    box.write({
      "plugins/alpha/commands/review.md": cmd("alpha review"),
      "project/.gemini/commands/alpha/review.toml": 'prompt = "gemini"\n',
    });
    const gemini = family("gemini", ".gemini", {
      recursive: true,
      formats: [fakeToml],
      ...commandOptions({ naming: "path" }),
    });
    const found = await discoverCommands(createRegistry([gemini, plugins(box)]), box.ctx());
    // The gemini file is loaded under its name, but never answers for plugin alpha.
    expect(found.commands.map((c) => [c.name, c.provider])).toEqual([
      ["alpha:review", "gemini"],
      ["review", "plugins"],
    ]);
    expect(getCommand(found, "alpha:review")?.description).toBe("alpha review");
    expect(getCommand(found.commands, "alpha:review")?.description).toBe("alpha review");
    // Without a plugin of that name, the exact name answers.
    const alone = await discoverCommands(createRegistry([gemini]), box.ctx());
    expect(getCommand(alone, "alpha:review")?.instructions).toBe("gemini");
  });
});

describe("discoverCommands: cache and fingerprint", () => {
  it("re-parses nothing when unchanged and changes the fingerprint when a file changes", async () => {
    box.write({ "project/.claude/commands/a.md": cmd("a"), "project/.claude/commands/b.md": cmd("b") });
    const registry = createRegistry([family("claude", ".claude")]);
    const cache = new DiscoveryCache();
    const first = await discoverCommands(registry, box.ctx(), { cache });
    const parses = cache.stats.parses;
    expect(parses).toBe(2);
    const second = await discoverCommands(registry, box.ctx(), { cache });
    expect(cache.stats.parses).toBe(parses);
    expect(second.fingerprint).toBe(first.fingerprint);
    expect(second.commands).toEqual(first.commands);

    box.write({ "project/.claude/commands/b.md": cmd("b changed, longer") });
    const third = await discoverCommands(registry, box.ctx(), { cache });
    expect(third.fingerprint).not.toBe(first.fingerprint);
    expect(getCommand(third, "b")?.description).toBe("b changed, longer");
  });
});

describe("discoverCommands then expandCommand", () => {
  it("expands each command with its location's placeholders", async () => {
    box.write({
      "project/.gemini/commands/git/commit.toml": 'prompt = "Commit {{args}} ($1)"\n',
      "home/.codex/prompts/fix.md": "---\ndescription: fix\n---\nFix $ISSUE ($1)\n",
      "home/.claude/commands/say.md": "Say $1 {{args}}\n",
    });
    const registry = createRegistry([
      family("claude", ".claude"),
      family("codex", ".codex", commandOptions({ placeholders: ["positional", "named"] }), "prompts"),
      family("gemini", ".gemini", {
        recursive: true,
        formats: [fakeToml],
        ...commandOptions({ naming: "path", placeholders: ["braces"] }),
      }),
    ]);
    const found = await discoverCommands(registry, box.ctx());
    expect(expandCommand(getCommand(found, "git:commit")!, "$& now")).toBe("Commit $& now ($1)");
    expect(expandCommand(getCommand(found, "fix")!, "ISSUE=7 soon")).toBe("Fix 7 (soon)");
    expect(expandCommand(getCommand(found, "say")!, "hi")).toBe("Say hi {{args}}");
  });
});

describe("discoverCommands: records and names", () => {
  it("gives every file one record; an unusable file is skipped with one diagnostic", async () => {
    box.write({
      "project/.gemini/commands/ok.toml": 'prompt = "go"\n',
      "project/.gemini/commands/bad.toml": 'description = "no prompt"\n',
      "project/.claude/commands/review.md": cmd("project review"),
      "home/.claude/commands/review.md": cmd("user review"),
    });
    const gemini = family("gemini", ".gemini", {
      formats: [fakeToml],
      ...commandOptions({ naming: "path" }),
    });
    const found = await discoverCommands(createRegistry([family("claude", ".claude"), gemini]), box.ctx());
    expect(found.files.map((f) => [f.path.replace(`${box.root}/`, ""), f.outcome])).toEqual([
      ["project/.claude/commands/review.md", "loaded"],
      ["home/.claude/commands/review.md", "shadowed"],
      ["project/.gemini/commands/bad.toml", "skipped"],
      ["project/.gemini/commands/ok.toml", "loaded"],
    ]);
    const bad = join(box.project, ".gemini/commands/bad.toml");
    expect(found.diagnostics.filter((d) => d.filePath === bad).map((d) => d.code)).toEqual([
      "test/missing-prompt",
    ]);
  });

  it("commands named constructor, __proto__ and toString are ordinary commands", async () => {
    box.write({
      "project/.claude/commands/constructor.md": cmd("c"),
      "project/.claude/commands/__proto__.md": cmd("p"),
      "project/.claude/commands/toString.md": cmd("t"),
    });
    const found = await discoverCommands(createRegistry([family("claude", ".claude")]), box.ctx());
    for (const name of ["constructor", "__proto__", "toString"])
      expect(getCommand(found, name)?.name).toBe(name);
    expect(getCommand(found, "valueOf")).toBeUndefined();
  });

  it("a family's own placeholder syntax comes with its location, not with core", async () => {
    const percent: PlaceholderSyntax = {
      id: "percent",
      match: (text, at, input) =>
        text.startsWith("%ARGS%", at) ? { text: input.whole, length: 6 } : undefined,
    };
    box.write({ "project/.acme/commands/go.md": "Run %ARGS% now ($1)\n" });
    const acme = family("acme", ".acme", commandOptions({ placeholders: [percent, "positional"] }));
    const found = await discoverCommands(createRegistry([acme]), box.ctx());
    expect(expandCommand(getCommand(found, "go")!, "a $& b")).toBe("Run a $& b now (a)");
  });
});
