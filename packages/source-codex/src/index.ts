export { CODEX_DIAGNOSTIC_CODES, type CodexDiagnosticCode } from "./codes.js";
export { codexAgentFormat } from "./codex-agent-format.js";
export { codexHome } from "./codex-paths.js";
export { codexProvider, createCodexProvider } from "./codex-provider.js";
export { CodexTomlError } from "./errors.js";
export type { CodexProviderOptions } from "./types.js";
