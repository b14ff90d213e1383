import { expect, test } from "vitest";
import { RunUsageError } from "./run-usage-error.js";
import { fillFromStdin } from "./stdin-input.js";

test("stdin goes where the one dash is, and is read only then", async () => {
  const asked: string[] = [];
  const read = async (flag: string) => {
    asked.push(flag);
    return "from stdin";
  };
  expect(await fillFromStdin({ tasks: ["a", "b"], read })).toEqual({ tasks: ["a", "b"] });
  expect(asked).toEqual([]);
  expect(await fillFromStdin({ tasks: ["a", "-"], context: "c", read })).toEqual({
    tasks: ["a", "from stdin"],
    context: "c",
  });
  expect(await fillFromStdin({ tasks: ["a"], context: "-", read })).toEqual({
    tasks: ["a"],
    context: "from stdin",
  });
  expect(asked).toEqual(["--task", "--context"]);
});

test("two dashes are a usage error, before stdin is read", async () => {
  const read = async () => {
    throw new Error("read");
  };
  await expect(fillFromStdin({ tasks: ["-", "-"], read })).rejects.toBeInstanceOf(RunUsageError);
  await expect(fillFromStdin({ tasks: ["-"], context: "-", read })).rejects.toThrow(
    "Only one --task or --context can read stdin (-).",
  );
});
