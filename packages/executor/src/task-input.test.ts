import { describe, expect, test } from "vitest";
import { RunUsageError } from "./run-usage-error.js";
import { taskInputOf } from "./task-input.js";

describe("taskInputOf", () => {
  test("one task per assignment, the context and the schema kept", () => {
    const input = taskInputOf({
      agent: "sre",
      tasks: ["a", "b"],
      context: "ctx",
      schema: '{"type":"object"}',
    });
    expect(input.tasks.map((t) => t.id)).toEqual(["task-1", "task-2"]);
    expect(input.context).toBe("ctx");
    expect(input.schema).toBe('{"type":"object"}');
  });

  test("a --schema that is not JSON is a usage error quoting it on one line", () => {
    const run = () => taskInputOf({ agent: "sre", tasks: ["a"], schema: "{not json\nat all" });
    expect(run).toThrow(RunUsageError);
    expect(run).toThrow('--schema takes a JSON schema, got "{not json at all".');
  });
});
