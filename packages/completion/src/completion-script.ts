import { bashScript } from "./bash-script.js";
import { fishScript } from "./fish-script.js";
import type { CompletionSpec, Shell } from "./types.js";
import { zshScript } from "./zsh-script.js";

/**
 * The completion script for one shell.
 *
 * @example process.stdout.write(completionScript("bash", completionSpec(program, valuesOf)));
 */
export function completionScript(shell: Shell, spec: CompletionSpec): string {
  return { bash: bashScript, zsh: zshScript, fish: fishScript }[shell](spec);
}
