export { CURSOR_AGENT_KEYS, cursorAgentFormat } from "./cursor-agent-format.js";
export { cursorFamily } from "./cursor-family.js";
export { cursorHome } from "./cursor-paths.js";
export { cursorProfile } from "./cursor-profile.js";
export { cursorProvider, locateCursor } from "./cursor-provider.js";
export { cursorWriter } from "./write-cursor-agent.js";
