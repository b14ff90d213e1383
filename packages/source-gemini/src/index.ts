export { GEMINI_DIAGNOSTIC_CODES, type GeminiDiagnosticCode } from "./codes.js";
export { GeminiTomlError } from "./errors.js";
export { geminiCommandFormat } from "./gemini-command-format.js";
export { geminiDir } from "./gemini-paths.js";
export { geminiProvider, locateGemini } from "./gemini-provider.js";
