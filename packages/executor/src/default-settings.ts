/**
 * The runner's settings when nothing sets them (SPEC §6): a task may spawn two levels deep
 * and run four sub-tasks at once. The one place these numbers live: the executor, the MCP
 * server, the spawn graph and the config's "may only lower" check all read them here.
 * Its own entry (`@roster/executor/default-settings`): a caller that needs only the numbers
 * (the CLI's config) loads nothing else of the executor.
 */
export const DEFAULT_SETTINGS = { maxRecursionDepth: 2, maxConcurrency: 4 } as const;
