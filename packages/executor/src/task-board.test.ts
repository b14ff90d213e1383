import { expect, test } from "vitest";
import { commandLine, shellQuote } from "./command-line.js";
import { createInOrder, createTaskBoard, seconds } from "./task-board.js";

test("each task's line: queued, running for so long, done or failed after its run", () => {
  const board = createTaskBoard(["task-1", "task-2", "task-3"]);
  board.update("task-1", "running", 1000);
  board.update("task-2", "running", 1000);
  board.update("task-2", "done", 42_400);
  board.update("task-3", "failed", 50_000);
  expect(board.lines(4_250)).toEqual([
    "task-1  running 3.3s",
    "task-2  done in 41s",
    "task-3  failed after 0.0s",
  ]);
});

test("seconds: one decimal under ten, whole from ten", () => {
  expect([seconds(0), seconds(9_949), seconds(10_000), seconds(41_600)]).toEqual([
    "0.0s",
    "9.9s",
    "10s",
    "42s",
  ]);
});

test("values come out in index order, the early ones held", () => {
  const out: unknown[] = [];
  const order = createInOrder(3, (v) => out.push(v));
  order.put(2, "c");
  order.put(0, "a");
  expect(out).toEqual(["a"]);
  order.put(1, "b");
  expect(out).toEqual(["a", "b", "c"]);
});

test("a planned command as a line to copy, words quoted only when they need it", () => {
  expect(shellQuote("it's")).toBe(`'it'\\''s'`);
  expect(commandLine({ env: { A: "1 2" }, command: "claude", args: ["-p", "--x=y", ""] })).toBe(
    "A='1 2' claude -p --x=y ''",
  );
});
