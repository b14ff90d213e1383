// Every sub-command but `run`, `mcp` and `completion`, and what they share (config, the
// registry, discovery, output), behind one module that the bin imports on first use. One
// module matters for start-up: the bundler emits one chunk per distinct set of importers,
// and each chunk is a file Node resolves, reads and links; with a module per command,
// `roster list` loaded about twenty. Heavy dependencies stay out: the executor loads inside
// `doctor`, and the YAML, TOML, JSONC and string-width engines on first need.

export { shortcutApplies } from "@roster/index";
export { escapeTerminal } from "@roster/terminal";
export { listAgents, showAgent, whyAgent } from "./commands/agents/index.js";
export { doctorAs, listAs, printOtherTools, showAs, whyAs } from "./commands/as/index.js";
export { clearCache } from "./commands/cache/index.js";
export { expand, listCommands, showCommand } from "./commands/commands/index.js";
export { fixDoctor } from "./commands/doctor/fix.js";
export { doctor } from "./commands/doctor/index.js";
export { exportCommand } from "./commands/export/index.js";
export { graph } from "./commands/graph/index.js";
export { newAgent } from "./commands/new/index.js";
export { report } from "./commands/report/index.js";
export { reportError } from "./commands/report/report.js";
export { withStoredOutput } from "./commands/run/stored-run.js";
export { exportSkill, listSkills, showSkill, syncSkills, whySkill } from "./commands/skills/index.js";
export {
  addCommand,
  installCommand,
  outdatedCommand,
  removeCommand,
  sourcesCommand,
  updateCommand,
} from "./commands/sources/index.js";
export { syncCommand } from "./commands/sync/index.js";
export { trust } from "./commands/trust/index.js";
export { createApp, printConfigNotes } from "./context.js";
export { printJson } from "./output.js";
