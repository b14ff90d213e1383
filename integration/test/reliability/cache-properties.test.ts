// Property (c): the cache never changes a result. After every step of any generated
// sequence of add / edit / rename / delete operations (including same-size edits whose
// mtime is put back, and a file turned into a folder), discovery through one long-lived
// DiscoveryCache equals discovery without a cache: agents, shadowed, diagnostics and
// fingerprint. Files and folders get explicit, distinct past mtimes (utimesSync), so the
// cache trusts its validators and is really exercised (core distrusts mtimes within 20 ms).
import { existsSync, mkdirSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { type AgentDiscovery, DiscoveryCache, discoverAgents } from "@roster/core";
import { agentFile, createSandbox, type Sandbox } from "@roster/testkit";
import fc from "fast-check";
import { expect, test } from "vitest";
import { agentsView, appRegistry, diagnosticsView, fcParams, relativeTo } from "./harness.js";

const FOLDERS = [
  "project/.claude/agents",
  "project/.claude/agents/sub",
  "project/.claude/agents/sub/deep",
  "home/.claude/agents",
  "home/.xcsh/agent/agents",
  "project/.codex/agents",
];
const FILES = ["a.md", "b.md", "B.md", "x.md", "notes.txt"];
const NAMES = ["alpha", "beta", "Alpha", "task", "explore"];

type Op =
  | { op: "write"; path: number; name: number; variant: number; keepTimes: boolean; valid: boolean }
  | { op: "delete"; path: number }
  | { op: "rename"; from: number; to: number; keepTimes: boolean }
  | { op: "folder"; path: number }
  | { op: "touch"; path: number };

const PATHS = FOLDERS.flatMap((folder) => FILES.map((file) => `${folder}/${file}`));
const pathIndex = fc.nat({ max: PATHS.length - 1 });

const genOp: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      op: fc.constant("write" as const),
      path: pathIndex,
      name: fc.nat({ max: NAMES.length - 1 }),
      variant: fc.nat({ max: 9 }),
      keepTimes: fc.boolean(),
      valid: fc.boolean(),
    }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant("delete" as const), path: pathIndex }) },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant("rename" as const),
      from: pathIndex,
      to: pathIndex,
      keepTimes: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("folder" as const), path: pathIndex }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("touch" as const), path: pathIndex }) },
);

/** A clock for explicit mtimes: distinct whole seconds, an hour in the past. */
function clock() {
  let t = Math.floor(Date.now() / 1000) - 3600;
  return () => {
    t += 1;
    return t;
  };
}

/** Creates `dir` and its missing parents, giving each new folder an explicit past mtime. */
function mkdirs(root: string, dir: string, tick: () => number) {
  const missing: string[] = [];
  for (let d = dir; !existsSync(join(root, d)); d = dirname(d)) missing.unshift(d);
  for (const d of missing) {
    mkdirSync(join(root, d));
    const t = tick();
    utimesSync(join(root, d), t, t);
  }
}

function setTimes(path: string, tick: () => number, keep?: { atimeMs: number; mtimeMs: number }) {
  if (keep) utimesSync(path, keep.atimeMs / 1000, keep.mtimeMs / 1000);
  else {
    const t = tick();
    utimesSync(path, t, t);
  }
}

/** Applies one operation; a no-op when it does not fit the current tree. */
function apply(box: Sandbox, op: Op, tick: () => number, counter: { n: number }) {
  const abs = (rel: string) => join(box.root, rel);
  const isFile = (rel: string) => existsSync(abs(rel)) && statSync(abs(rel)).isFile();
  const parentTimes = (rel: string) => statSync(abs(dirname(rel)));
  switch (op.op) {
    case "write": {
      const rel = PATHS[op.path]!;
      if (existsSync(abs(rel)) && !isFile(rel)) return;
      mkdirs(box.root, dirname(rel), tick);
      const before = isFile(rel) ? statSync(abs(rel)) : undefined;
      const parent = parentTimes(rel);
      const name = NAMES[op.name]!;
      // Same-length bodies: an edit can keep the size, and with keepTimes the mtime too.
      writeFileSync(
        abs(rel),
        op.valid
          ? agentFile(name, `described ${op.variant}`, "", `Body ${op.variant}.`)
          : `---\nname: ${name}\n`,
      );
      counter.n += 1;
      setTimes(abs(rel), tick, op.keepTimes ? before : undefined);
      setTimes(abs(dirname(rel)), tick, op.keepTimes ? parent : undefined);
      return;
    }
    case "delete": {
      const rel = PATHS[op.path]!;
      if (!existsSync(abs(rel))) return;
      const parent = parentTimes(rel);
      rmSync(abs(rel), { recursive: true, force: true });
      setTimes(abs(dirname(rel)), tick, parent);
      return;
    }
    case "rename": {
      const from = PATHS[op.from]!;
      const to = PATHS[op.to]!;
      if (from === to || !isFile(from) || (existsSync(abs(to)) && !isFile(to))) return;
      mkdirs(box.root, dirname(to), tick);
      const fromParent = parentTimes(from);
      const toParent = parentTimes(to);
      renameSync(abs(from), abs(to));
      setTimes(abs(dirname(from)), tick, op.keepTimes ? fromParent : undefined);
      setTimes(abs(dirname(to)), tick, op.keepTimes ? toParent : undefined);
      return;
    }
    case "folder": {
      // A file turns into a folder with the same name (the `x.md` folder case).
      const rel = PATHS[op.path]!;
      if (existsSync(abs(rel))) rmSync(abs(rel), { recursive: true, force: true });
      mkdirs(box.root, rel, tick);
      return;
    }
    case "touch": {
      const rel = PATHS[op.path]!;
      if (isFile(rel)) setTimes(abs(rel), tick);
      return;
    }
  }
}

function resultView(d: AgentDiscovery, root: string) {
  const rel = relativeTo(root);
  return {
    agents: agentsView(d, root),
    bundled: d.agents.filter((a) => a.provider === "bundled").map((a) => a.name),
    shadowed: d.shadowed.map((s) => [s.agent.name, rel(s.agent.filePath), rel(s.shadowedBy)]),
    diagnostics: diagnosticsView(d.diagnostics, root),
    fingerprint: d.fingerprint,
  };
}

const params = fcParams(60);
test(`a long-lived DiscoveryCache never changes a result (${params.numRuns} sequences)`, {
  timeout: 30_000 + params.numRuns * 300,
}, async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(genOp, { minLength: 1, maxLength: 14 }),
      fc.array(genOp, { maxLength: 14 }),
      async (setup, steps) => {
        const box = createSandbox("roster-prop-cache-");
        try {
          const tick = clock();
          const counter = { n: 0 };
          const cache = new DiscoveryCache();
          for (const op of setup) apply(box, op, tick, counter);
          const ctx = box.ctx();
          for (const op of [undefined, ...steps]) {
            if (op) apply(box, op, tick, counter);
            const cached = await discoverAgents(appRegistry(), ctx, { cache });
            const fresh = await discoverAgents(appRegistry(), ctx);
            expect(resultView(cached, box.root)).toEqual(resultView(fresh, box.root));
          }
          // The cache was really in play: an unchanged rediscovery parses nothing.
          const parses = cache.stats.parses;
          await discoverAgents(appRegistry(), ctx, { cache });
          expect(cache.stats.parses).toBe(parses);
        } finally {
          box.cleanup();
        }
      },
    ),
    params,
  );
});
