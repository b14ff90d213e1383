// getAgent over a whole discovery, against the rule it implements (SPEC §5, §16) written out
// plainly: a winner by exact name; a plugin definition by its scoped id among winners and then
// the shadowed, never answered by a bare name with a colon while that plugin exists; with a
// provider, that provider's first definition of the name, winner or shadowed.
import fc from "fast-check";
import { expect, test } from "vitest";
import { getAgent } from "./get-agent.js";
import type { AgentDefinition } from "./types.js";

const scoped = (a: AgentDefinition) => (a.plugin ? `${a.plugin.name}:${a.name}` : undefined);

function byTheRule(
  winners: AgentDefinition[],
  shadowed: AgentDefinition[],
  name: string,
  provider?: string,
): AgentDefinition | undefined {
  const all = [...winners, ...shadowed];
  if (provider !== undefined) {
    const mine = all.filter((a) => a.provider === provider);
    return mine.find((a) => a.name === name) ?? byTheRule([], mine, name);
  }
  const colon = name.indexOf(":");
  if (colon > 0 && all.some((a) => a.plugin?.name === name.slice(0, colon)))
    return all.find((a) => scoped(a) === name);
  return (
    winners.find((a) => a.name === name) ?? (colon === -1 ? undefined : all.find((a) => scoped(a) === name))
  );
}

interface Definition {
  name: string;
  provider: string;
  plugin: string | undefined;
  n: number;
}

const names = fc.constantFrom("a", "b", "kit:a", ":a", "a:");
const definition: fc.Arbitrary<Definition> = fc.record({
  name: names,
  provider: fc.constantFrom("claude", "codex", "plugins"),
  plugin: fc.option(fc.constantFrom("kit", "other"), { nil: undefined }),
  n: fc.nat(),
});

test("getAgent on a discovery answers what the rule says, for any name and provider", () => {
  fc.assert(
    fc.property(
      fc.array(definition, { maxLength: 6 }),
      fc.array(definition, { maxLength: 6 }),
      fc.constantFrom("a", "b", "kit:a", "other:a", "kit:b", ":a", "a:", "c"),
      fc.option(fc.constantFrom("claude", "codex", "plugins"), { nil: undefined }),
      (w, s, name, provider) => {
        const make = ({ name, provider, plugin, n }: Definition) =>
          ({
            name,
            description: `#${n}`,
            systemPrompt: "",
            source: "user",
            provider,
            ...(plugin
              ? { plugin: { id: `${plugin}@m`, name: plugin, marketplace: "m", version: "1" } }
              : {}),
          }) as AgentDefinition;
        const winners = w.map(make);
        const lost = s.map(make);
        const discovery = { agents: winners, shadowed: lost.map((agent) => ({ agent, shadowedBy: "x" })) };
        const options = provider !== undefined ? { provider } : {};
        expect(getAgent(discovery, name, options)).toBe(byTheRule(winners, lost, name, provider));
      },
    ),
    { numRuns: 500 },
  );
});
