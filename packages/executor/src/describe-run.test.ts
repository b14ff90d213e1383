import { draw, type Text } from "@roster/terminal";
import { describe, expect, test } from "vitest";
import { taskResult } from "../test/helpers.js";
import {
  createStatusBoard,
  describePlannedCommand,
  describeResult,
  detachedLine,
  noteLines,
} from "./describe-run.js";

const plain = (text: Text) => draw(text, false);

const result = taskResult;

describe("describePlannedCommand", () => {
  test("the command to copy, its stdin's size, its files and its notes", () => {
    const lines = describePlannedCommand(
      {},
      {
        id: "t1",
        plan: {
          env: { A: "b c" },
          command: "claude",
          args: ["-p"],
          stdin: "hé",
          files: [{ path: "/x", content: "12" }],
        },
        notes: ["held back"],
      },
    ).map(plain);
    expect(lines).toEqual([
      "[t1] A='b c' claude -p",
      '  stdin (3 bytes): "hé"',
      "  file /x (2 bytes)",
      "  note: held back",
    ]);
  });

  test("a note wraps under itself on a narrow terminal, and stays one line piped", () => {
    const note = "the project is not trusted so its permission mode is dropped";
    expect(noteLines({}, note).map(plain)).toEqual([`  note: ${note}`]);
    const wrapped = noteLines({ columns: 40 }, note).map(plain);
    expect(wrapped.length).toBeGreaterThan(1);
    for (const piece of wrapped.slice(1)) expect(piece.startsWith("        ") && piece[8] !== " ").toBe(true);
  });
});

describe("describeResult", () => {
  test("the answer alone on stdout, a blank line before all but the first; the header on stderr", () => {
    const said = describeResult(result(), { host: "claude", quiet: false, first: false });
    expect(said.map((s) => [s.to, plain(s.text)])).toEqual([
      ["err", "[task-1] rev on claude exit 0"],
      ["out", ""],
      ["out", "the answer"],
    ]);
    expect(describeResult(result(), { host: undefined, quiet: false, first: true }).map((s) => s.to)).toEqual(
      ["err", "out"],
    );
  });

  test("quiet keeps a failure's header and drops a success's", () => {
    expect(describeResult(result(), { host: undefined, quiet: true, first: true }).map((s) => s.to)).toEqual([
      "out",
    ]);
    const failed = describeResult(result({ exitCode: 1, output: "", error: "boom" }), {
      host: undefined,
      quiet: true,
      first: true,
    });
    expect(failed.map((s) => s.to)).toEqual(["err"]);
  });
});

test("detachedLine says how many jobs and how to collect them", () => {
  expect(plain(detachedLine(2, "redis://q"))).toBe(
    "roster: queued 2 jobs on redis://q; `roster queue wait ID… --queue redis://q` collects the results",
  );
});

describe("createStatusBoard", () => {
  test("draws nothing when not a terminal, but still prints what it is handed", () => {
    const written: string[] = [];
    const board = createStatusBoard({ ids: ["a"], tty: false, write: (t) => written.push(t) });
    let printed = false;
    board.print(() => {
      printed = true;
    });
    board.update("a", "done");
    board.stop();
    expect(printed).toBe(true);
    expect(written).toEqual([]);
  });

  test("on a terminal, redraws its lines in place after each change", () => {
    const written: string[] = [];
    let now = 0;
    const board = createStatusBoard({
      ids: ["a", "b"],
      tty: true,
      write: (t) => written.push(t),
      now: () => now,
    });
    board.update("a", "running");
    now = 2_000;
    board.update("a", "done");
    board.stop();
    expect(written[0]).toBe("a  queued\nb  queued\n");
    expect(written).toContain("\u001b[2F\u001b[J");
    expect(written.at(-1)).toBe("a  done in 2.0s\nb  queued\n");
  });
});
