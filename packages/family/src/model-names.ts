import type { FamilyVocabulary, ModelRules } from "./define-family.js";

/**
 * The name a tool takes for `model` in its spelling, or `undefined` when it takes none: the
 * vocabulary's {@link ModelRules}, read the same for `roster run` (the hosts) and `roster
 * export`/`sync` (the writers). A vocabulary without `models` takes the name as given.
 *
 * @example acceptModel(claudeVocabulary, "anthropic/claude-opus-4-1") // "claude-opus-4-1"
 */
export function acceptModel(
  vocabulary: Pick<FamilyVocabulary, "models" | "modelAliases">,
  model: string,
): string | undefined {
  let m = model.trim();
  if (!m) return undefined;
  const rules = vocabulary.models;
  if (!rules) return m;
  for (const prefix of rules.strip ?? []) if (m.startsWith(prefix)) m = m.slice(prefix.length);
  if (rules.takes.some((pattern) => pattern.test(m)) || vocabulary.modelAliases.includes(m)) return m;
  for (const { match, prefix } of rules.respell ?? []) if (match.test(m)) return `${prefix}${m}`;
  return undefined;
}

/** The first model of the list the vocabulary's tool takes (in its spelling), and the ones skipped before it. */
export function chooseModel(
  vocabulary: Pick<FamilyVocabulary, "models" | "modelAliases">,
  models: readonly string[] | null | undefined,
): { model?: string; skipped: string[] } {
  const skipped: string[] = [];
  for (const m of models ?? []) {
    const accepted = acceptModel(vocabulary, m);
    if (accepted !== undefined) return { model: accepted, skipped };
    skipped.push(m);
  }
  return { skipped };
}
