// Every sub-command but `run`, `mcp` and `completion`, and what they share (config, the
// registry, discovery, output), behind one module that the bin imports on first use. One
// module matters for start-up: the bundler emits one chunk per distinct set of importers,
// and each chunk is a file Node resolves, reads and links; with a module per command,
// `roster list` loaded about twenty. Heavy dependencies stay out: the executor loads inside
// `doctor`, and the YAML, TOML, JSONC and string-width engines on first need.

export { shortcutApplies } from "@roster/index";
export { escapeTerminal } from "@roster/terminal";
export { listAgents, showAgent, whyAgent } from "./cmd-agents.js";
export { doctorAs, listAs, otherTools, printOtherTools, showAs, whyAs } from "./cmd-as.js";
export { clearCache } from "./cmd-cache.js";
export { expand, listCommands, showCommand } from "./cmd-commands.js";
export { exportCommand } from "./cmd-export.js";
export { fixDoctor } from "./cmd-fix.js";
export { graph } from "./cmd-graph.js";
export { newAgent } from "./cmd-new.js";
export { report } from "./cmd-report.js";
export { exportSkill, listSkills, showSkill, syncSkills, whySkill } from "./cmd-skills.js";
export {
  addCommand,
  installCommand,
  outdatedCommand,
  removeCommand,
  sourcesCommand,
  updateCommand,
} from "./cmd-sources.js";
export { syncCommand } from "./cmd-sync.js";
export { trust } from "./cmd-trust.js";
export { createApp, printConfigNotes } from "./context.js";
export { printJson } from "./output.js";
export { doctor } from "./print-doctor.js";
export { reportError } from "./report.js";
export { withStoredOutput } from "./stored-run.js";
export { commanderUnknown } from "./unknown-name.js";
