import { createSandbox, type Sandbox } from "@roster/testkit";
import fc from "fast-check";
import { afterAll, beforeAll, expect, test } from "vitest";
import { listAgents } from "../src/commands/agents/index.js";
import { createOutput } from "../src/output.js";
import { testApp } from "./test-app.js";

let box: Sandbox;
beforeAll(() => {
  box = createSandbox("roster-tty-");
});
afterAll(() => box.cleanup());

const runs = () => {
  const n = Number.parseInt(process.env.ROSTER_FC_RUNS ?? "", 10);
  return Number.isFinite(n) && n > 0 ? n : 60;
};

/** Runs `roster list` in-process over the sandbox and returns what reached stdout and stderr. */
async function humanList(color: boolean, columns?: number): Promise<string> {
  let text = "";
  const output = createOutput({
    json: false,
    color,
    cwd: box.project,
    home: box.home,
    ...(columns ? { columns } : {}),
    write: (t) => {
      text += t;
    },
    writeErr: (t) => {
      text += t;
    },
  });
  const app = testApp({ ctx: box.ctx(), output });
  await listAgents(app);
  return text;
}

/** Any character a terminal acts on or hides: C0 but \n and \t, DEL, C1, bidi/format, separators. */
const FORBIDDEN = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\p{Cf}\u2028\u2029]/u;
/** The only sequences roster writes itself: SGR colour codes. */
const ROSTER_SGR = /\u001b\[\d+m/g;

const dangerous = fc.constantFrom(
  "\u001b]52;c;aGVsbG8=\u0007",
  "\u001b]8;;http://x\u001b\\",
  "\u001b]0;title\u0007",
  "\r\u001b[2K",
  "\u009b31m",
  "\u202e",
  "\u2066",
  "\u200b",
  "\ufeff",
  "\u0000",
  "\u007f",
  "\u2028",
);
const text = fc
  .array(fc.oneof(fc.string({ unit: "binary" }), dangerous), { minLength: 1, maxLength: 4 })
  .map((parts) => parts.join(""));

test("property: list's human output holds no control, C1 or bidi character from the data", async () => {
  await fc.assert(
    fc.asyncProperty(text, text, fc.boolean(), async (name, description, color) => {
      box.write({
        "project/.claude/agents/x.md": `---\nname: ${JSON.stringify(`a${name}`)}\ndescription: ${JSON.stringify(`d${description}`)}\n---\nbody\n`,
      });
      const out = await humanList(color, color ? 80 : undefined);
      const stripped = color ? out.replace(ROSTER_SGR, "") : out;
      expect(stripped).not.toMatch(FORBIDDEN);
    }),
    { numRuns: runs(), seed: 4242 },
  );
});

test("an OSC 52 clipboard write in a name is shown escaped", async () => {
  box.write({
    "project/.claude/agents/x.md":
      '---\nname: "evil\\e]52;c;aGk=\\a"\ndescription: "looks like \\r\\e[2Kexplore"\n---\nbody\n',
  });
  const out = await humanList(false);
  expect(out).toContain("evil\\x1b]52;c;aGk=\\x07");
  expect(out).not.toContain("\u001b");
});
