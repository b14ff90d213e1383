// Claude Code's config folder is shared with the plugins family, so it lives in core.
export { claudeConfigDir } from "@roster/core";
