/** Options of {@link createCodexProvider}. */
export interface CodexProviderOptions {
  /**
   * Also read the nearest project `.codex/prompts` before the user prompts. Default
   * `true`, like every other family; Codex CLI itself reads only `$CODEX_HOME/prompts`,
   * so pass `false` to mirror it exactly.
   */
  projectPrompts?: boolean;
}
