import { createRegistry, discoverAgents } from "@roster/core";
import { draw, type Text } from "@roster/terminal";
import { agentFile, createSandbox, type Sandbox } from "@roster/testkit";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { dotFamily } from "../test/dot-family.js";
import { flatProfile } from "../test/flat-profile.js";
import { whyTableLines, whyVerdictLines } from "./describe-why.js";
import { explainAbout } from "./explain-about.js";
import { explainAgent } from "./explain-agent.js";

const family = dotFamily;

const plain = (lines: readonly Text[]) => lines.map((t) => draw(t, false));

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox("describe-why-");
  sb.write({
    "project/.demo/agents/a.md": agentFile("a", "mine"),
    "home/.demo/agents/a.md": agentFile("a", "theirs"),
    "home/.demo/agents/b.md": agentFile("b"),
  });
});
afterEach(() => sb.cleanup());

async function explained(name: string) {
  const d = await discoverAgents(createRegistry([family("demo")]), sb.ctx());
  return { d, why: explainAgent(d, name) };
}

describe("whyTableLines", () => {
  test("each candidate in order with its outcome, then the legend of the outcomes shown", async () => {
    const { why } = await explained("a");
    const lines = plain(whyTableLines(why, { cwd: sb.project, home: sb.home }));
    expect(lines[0]!.split("\n")[0]).toMatch(/^#\s+SOURCE\s+PROVIDER\s+LOCATION\s+OUTCOME\s+FILE$/);
    expect(lines[0]!.split("\n")[1]).toMatch(
      /^1\s+project\s+demo\s+\.demo\/agents\s+winner\s+\.demo\/agents\/a\.md$/,
    );
    expect(lines[0]!.split("\n")[2]).toMatch(
      /^2\s+user\s+demo\s+~\/\.demo\/agents\s+shadowed\s+~\/\.demo\/agents\/a\.md$/,
    );
    expect(lines.slice(1).map((l) => l.split(/\s{2,}/)[0])).toEqual(["", "winner", "shadowed"]);
  });
});

describe("whyVerdictLines", () => {
  test("what NAME resolves to and what it shadows, after a blank line", async () => {
    const { d, why } = await explained("a");
    const lines = plain(
      whyVerdictLines({ ...why, winner: why.winner! }, d, {
        name: "a",
        screen: { cwd: sb.project, home: sb.home },
      }),
    );
    expect(lines).toEqual([
      "",
      "a resolves to .demo/agents/a.md (demo, project); it shadows ~/.demo/agents/a.md",
    ]);
  });

  test("--provider's pick, when it is not the winner, says how to reach it", async () => {
    const { d, why } = await explained("a");
    const picked = why.shadowed[0]!;
    const lines = plain(
      whyVerdictLines({ ...why, winner: why.winner! }, d, {
        name: "a",
        provider: "demo",
        picked,
        screen: { cwd: sb.project, home: sb.home },
      }),
    );
    expect(lines.at(-1)).toBe(
      "--provider demo: ~/.demo/agents/a.md (user), shadowed here; roster show|run|export a --provider demo reaches it",
    );
  });
});

describe("explainAbout", () => {
  test("a name found about itself; an unknown name asked again of everything (its did-you-mean)", async () => {
    const registry = createRegistry([family("demo")]);
    const found = await explainAbout(sb.ctx(), { registry, name: "a", profiles: [] });
    expect(found.why.winner?.description).toBe("mine");
    expect(found.views).toBeUndefined();
    const unknown = await explainAbout(sb.ctx(), { registry, name: "zz", profiles: [] });
    expect(unknown.why.winner).toBeNull();
    expect(unknown.discovery.agents.map((x) => x.name).sort()).toEqual(["a", "b"]);
  });

  test("with profiles, their views are planned first (the answer carries them)", async () => {
    const registry = createRegistry([family("demo")]);
    const { views } = await explainAbout(sb.ctx(), {
      registry,
      name: "a",
      profiles: [flatProfile("demo", "Demo", ".demo/agents")],
    });
    expect(views).toBeDefined();
  });
});
