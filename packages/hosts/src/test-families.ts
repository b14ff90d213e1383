// For this package's tests only: each host with its family's vocabulary, as the app's
// families hand them over. The vocabularies are read from the family packages' sources by
// path: a package dependency would be a cycle (the families depend on @roster/hosts).
import { claudeVocabulary } from "../../source-claude/src/claude-vocabulary.js";
import { codexVocabulary } from "../../source-codex/src/codex-vocabulary.js";
import { copilotVocabulary } from "../../source-copilot/src/copilot-vocabulary.js";
import { geminiVocabulary } from "../../source-gemini/src/gemini-vocabulary.js";
import { opencodeVocabulary } from "../../source-opencode/src/opencode-vocabulary.js";
import { claudeHost } from "./host-claude.js";
import { codexHost } from "./host-codex.js";
import { copilotHost } from "./host-copilot.js";
import { geminiHost } from "./host-gemini.js";
import { opencodeHost } from "./host-opencode.js";
import type { RunnableFamily } from "./types.js";

/** The five built-in hosts with their families' vocabularies, by id. */
export const TEST_FAMILIES: Readonly<Record<string, RunnableFamily>> = {
  claude: { id: "claude", host: claudeHost, vocabulary: claudeVocabulary },
  codex: { id: "codex", host: codexHost, vocabulary: codexVocabulary },
  gemini: { id: "gemini", host: geminiHost, vocabulary: geminiVocabulary },
  opencode: { id: "opencode", host: opencodeHost, vocabulary: opencodeVocabulary },
  copilot: { id: "copilot", host: copilotHost, vocabulary: copilotVocabulary },
};

/** The family of a test host id. */
export function testFamily(id: string): RunnableFamily {
  const family = TEST_FAMILIES[id];
  if (!family) throw new Error(`no test family "${id}"`);
  return family;
}
