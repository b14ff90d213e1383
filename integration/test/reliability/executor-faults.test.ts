// SPEC §9 "executor": real child node scripts that crash, die by a signal, hang past their
// timeout (with a grandchild), leave a grandchild behind, flood stdout, print invalid
// JSON, return data that fails the schema, or are aborted while queued; and task lists
// with bad ids. After every case no process the children started is still running and no
// result file is left in the runner's temp folder.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createRegistry, defineProvider } from "@roster/core";
import { createProcessRunner, createTaskTool, type TaskOutcome } from "@roster/executor";
import { createSandbox, type Sandbox } from "@roster/testkit";
import { afterEach, beforeEach, describe, expect, test } from "vitest";

const CHILD = `
import { spawn } from "node:child_process";
import { appendFileSync, writeFileSync } from "node:fs";
const mode = process.argv[2];
const pids = process.env.ROSTER_TEST_PIDS;
const note = (pid) => appendFileSync(pids, pid + "\\n");
note(process.pid);
const grandchild = () => {
  const g = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
  note(g.pid);
  return g;
};
switch (mode) {
  case "ok": process.stdout.write(JSON.stringify({ summary: "fine" })); break;
  case "crash": process.stderr.write("boom\\n"); process.exit(3);
  case "throw": throw new Error("uncaught in child");
  case "segv": process.kill(process.pid, "SIGSEGV"); break;
  case "hang": grandchild(); setInterval(() => {}, 1000); break;
  case "orphan": grandchild(); setTimeout(() => process.exit(0), 50); break;
  case "flood": {
    const chunk = "x".repeat(1 << 16);
    let left = 20 << 20;
    const pump = () => { while (left > 0) { left -= chunk.length; if (!process.stdout.write(chunk)) return process.stdout.once("drain", pump); } };
    pump();
    break;
  }
  case "flood-lines": process.stdout.write("line\\n".repeat(200000)); break;
  case "bad-json-file": writeFileSync(process.env.ROSTER_RESULT_FILE, "{oops"); break;
  case "bad-json-stdout": process.stdout.write("{oops"); break;
  case "schema": writeFileSync(process.env.ROSTER_RESULT_FILE, JSON.stringify({ summary: 5 })); break;
}
`;

let box: Sandbox;
let tmp: string;
let pidFile: string;
let childPath: string;

beforeEach(() => {
  box = createSandbox("roster-rel-exec-");
  tmp = join(box.root, "tmp");
  mkdirSync(tmp);
  pidFile = join(box.root, "pids.txt");
  writeFileSync(pidFile, "");
  childPath = join(box.root, "child.mjs");
  writeFileSync(childPath, CHILD);
});

afterEach(async () => {
  // Nothing left running, nothing left in the temp folder.
  for (const pid of pids()) expect(await gone(pid), `process ${pid} is still running`).toBe(true);
  expect(readdirSync(tmp)).toEqual([]);
  box.cleanup();
});

function pids(): number[] {
  return readFileSync(pidFile, "utf8").split("\n").filter(Boolean).map(Number);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** True once `pid` no longer runs (a zombie awaiting its reaper counts as gone). Bounded wait. */
async function gone(pid: number): Promise<boolean> {
  for (let i = 0; i < 100; i++) {
    try {
      process.kill(pid, 0);
    } catch {
      return true;
    }
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      if (stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z")) return true;
    } catch {
      return true;
    }
    await sleep(20);
  }
  return false;
}

const agents = defineProvider({
  id: "mem",
  load: () => [
    { filePath: "mem:worker.md", frontmatter: { name: "worker", description: "Works." }, body: "You work." },
    {
      filePath: "mem:typed.md",
      frontmatter: {
        name: "typed",
        description: "Returns a summary.",
        output: { properties: { summary: { type: "string" } } },
      },
      body: "You summarise.",
    },
  ],
});

function tool(mode: string, command = process.execPath) {
  const runner = createProcessRunner({
    command,
    args: [childPath, mode],
    tmpDir: tmp,
    env: { ROSTER_TEST_PIDS: pidFile },
  });
  return createTaskTool({
    registry: createRegistry([agents]),
    ctx: box.ctx(),
    runner,
    env: { PATH: process.env.PATH },
  });
}

const task = (id: string) => ({ id, description: id, assignment: `do ${id}` });

async function runOne(mode: string, settings: Record<string, unknown> = {}, agent = "worker") {
  const outcome = await tool(mode).execute({ agent, tasks: [task("a")] }, { cwd: box.project, settings });
  expect(outcome.status).toBe("completed");
  return (outcome as Extract<TaskOutcome, { status: "completed" }>).results[0]!;
}

describe("children that fail", () => {
  test("control: a good child gives its JSON as data", async () => {
    const r = await runOne("ok", {}, "typed");
    expect(r).toMatchObject({ exitCode: 0, data: { summary: "fine" }, truncated: false });
    expect(r.error).toBeUndefined();
    expect(pids()).toHaveLength(1);
  });

  test("a child that exits with code 3", async () => {
    const r = await runOne("crash");
    expect(r).toMatchObject({ exitCode: 3, error: "exited with code 3", stderr: "boom\n" });
  });

  test("a child that throws", async () => {
    const r = await runOne("throw");
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain("uncaught in child");
  });

  test("a child killed by SIGSEGV", async () => {
    const r = await runOne("segv");
    expect(r).toMatchObject({ exitCode: null, error: "killed by SIGSEGV" });
  });

  test("a child (and its grandchild) hanging past the timeout are killed", async () => {
    const r = await runOne("hang", { timeoutMs: 400 });
    expect(r).toMatchObject({ aborted: true, error: "timed out after 400 ms" });
    expect(pids()).toHaveLength(2);
  });

  test("a grandchild left behind by a child that exits is killed with its group", async () => {
    const r = await runOne("orphan");
    expect(r).toMatchObject({ exitCode: 0 });
    expect(pids()).toHaveLength(2);
  });

  test("a child flooding 20 MiB of stdout: only the tail is kept, bounded", async () => {
    const r = await runOne("flood");
    expect(r.truncated).toBe(true);
    expect(Buffer.byteLength(r.output)).toBeLessThanOrEqual(500_000);
    expect(r.output.length).toBeGreaterThan(0);
  });

  test("a child flooding 200,000 lines: at most 5,000 kept", async () => {
    const r = await runOne("flood-lines");
    expect(r.truncated).toBe(true);
    expect(r.output.split("\n").filter(Boolean).length).toBeLessThanOrEqual(5000);
  });

  test("invalid JSON in the result file is an error", async () => {
    const r = await runOne("bad-json-file");
    expect(r.error).toContain("result file is not valid JSON");
    expect(r.data).toBeUndefined();
  });

  test("invalid JSON on stdout is just text", async () => {
    const r = await runOne("bad-json-stdout");
    expect(r).toMatchObject({ exitCode: 0, output: "{oops" });
    expect(r.error).toBeUndefined();
    expect(r.data).toBeUndefined();
  });

  test("data that fails the agent's schema is an error, data still attached", async () => {
    const r = await runOne("schema", {}, "typed");
    expect(r.data).toEqual({ summary: 5 });
    expect(r.error).toMatch(/summary/);
  });

  test("a command that cannot start", async () => {
    const outcome = await tool("ok", join(box.root, "no-such-program")).execute(
      { agent: "worker", tasks: [task("a")] },
      { cwd: box.project },
    );
    const r = (outcome as Extract<TaskOutcome, { status: "completed" }>).results[0]!;
    expect(r.error).toContain("could not start");
    expect(r.exitCode).toBeNull();
  });
});

describe("aborts and bad task lists", () => {
  test("abort while one task runs and one is queued: both aborted, the queued one never starts", async () => {
    const controller = new AbortController();
    const running = tool("hang").execute(
      { agent: "worker", tasks: [task("first"), task("second")] },
      { cwd: box.project, settings: { maxConcurrency: 1 } },
      { signal: controller.signal },
    );
    // Abort once the first child (and its grandchild) have started.
    for (let i = 0; i < 250 && pids().length < 2; i++) await sleep(20);
    controller.abort(new Error("user pressed stop"));
    const outcome = (await running) as Extract<TaskOutcome, { status: "completed" }>;
    expect(
      outcome.results.map((r: { id: string; aborted?: boolean; error?: string }) => [
        r.id,
        r.aborted,
        r.error,
      ]),
    ).toEqual([
      ["first", true, "aborted: user pressed stop"],
      ["second", true, expect.stringContaining("aborted before start")],
    ]);
    expect(pids()).toHaveLength(2);
  });

  const refusals: Array<[string, unknown[], string]> = [
    ["no tasks", [], "No tasks given"],
    ["a task without an id", [{ assignment: "x" }], "Task 1 has no id"],
    ["duplicate ids", [task("a"), task("a")], 'Duplicate task id "a"'],
    ["a blank id", [{ id: " ", assignment: "x" }], "has no id"],
    ["a task without an assignment", [{ id: "a" }], 'Task "a" has no assignment'],
    ["a task that is not an object", [42], "Task 1"],
  ];
  test.each(refusals)("%s: refused, nothing started", async (_, tasks, message) => {
    const outcome = await tool("ok").execute({ agent: "worker", tasks } as never, { cwd: box.project });
    expect(outcome).toMatchObject({ status: "refused", code: "executor/invalid-tasks" });
    expect((outcome as { message: string }).message).toContain(message);
    expect(pids()).toEqual([]);
  });
});
