// The host definitions alone, for the families' `host` slots: a family that holds its host
// (and an app that lists families) loads no runner, no preflight and not the executor.
export { claudeHost } from "./host-claude.js";
export { codexHost } from "./host-codex.js";
export { copilotHost } from "./host-copilot.js";
export { geminiHost } from "./host-gemini.js";
export { type OpencodeToolFields, opencodeHost, opencodePermission } from "./host-opencode.js";
export type { HostDefinition } from "./types.js";
