// What `roster new NAME --for TOOL` checks of what was asked and how it writes the file: the
// agent built from the flags (a mistake is a NewAgentUsageError, said as a usage error), and
// the file written never over anything (a refusal is a NewAgentRefusal with its code).
import { type AgentDefinition, type DiscoveryContext, parseAgentFields } from "@roster/core";
import { describeFsError, fileSystemOf } from "@roster/core/provider-kit";
import type { AgentWriter } from "@roster/family";
import { starterPrompt } from "./judge-new-agent.js";
import { nameRefusal, renameFor } from "./rename-agent.js";
import { WriteRefusedError, writeFileInside, writePathProblem } from "./write-file-inside.js";

/** A mistake in what `roster new` was asked (a name, an empty flag): the caller's usage error. */
export class NewAgentUsageError extends Error {
  override readonly name = "NewAgentUsageError";
}

/** A new agent's file that cannot be written: the message, and its code for `--json`. */
export class NewAgentRefusal extends Error {
  override readonly name = "NewAgentRefusal";
  /** The finding's code (`write/exists`, `sync/unwritable`, a path problem's). */
  readonly code: string;
  constructor(message: string, code: string) {
    super(message);
    this.code = code;
  }
}

/** What `roster new` was asked, as its flags give it. */
export interface NewAgentAsk {
  writer: AgentWriter;
  name: string;
  description: string | undefined;
  /** Comma-separated tool names, as `--tools` takes them. */
  tools: string | undefined;
  /** `--prompt`: `-` is read with `readPrompt`, only once the name and description pass. */
  prompt: string | undefined;
  readPrompt: () => Promise<string>;
  scope: "project" | "user";
}

/** The agent `roster new` writes: checked in the order its flags are said to be wrong (name, description, prompt, tools). */
export async function newAgentOf(ask: NewAgentAsk): Promise<AgentDefinition> {
  const { writer, name } = ask;
  // The name, as the tool takes it: a name it refuses offers its slug.
  const refused = nameRefusal(writer, name);
  if (refused) {
    const slug = renameFor(writer, name);
    throw new NewAgentUsageError(`${refused.message}${slug ? `; try ${slug.name}` : ""}`);
  }
  const description = ask.description ?? `Describe when to use ${name}.`;
  if (description.trim() === "") throw new NewAgentUsageError("--description needs a text");
  const prompt = ask.prompt === "-" ? await ask.readPrompt() : ask.prompt;
  if (prompt !== undefined && prompt.trim() === "") throw new NewAgentUsageError("--prompt needs a text");
  const tools = ask.tools
    ?.split(",")
    .map((t) => t.trim())
    .filter(Boolean);
  if (ask.tools !== undefined && tools?.length === 0)
    throw new NewAgentUsageError("--tools needs one or more tool names, comma-separated (Read,Grep)");
  // The agent as roster reads one (no roster marker: it is the user's own).
  const fields = parseAgentFields({ name, description, ...(tools ? { tools: tools.join(", ") } : {}) });
  if (!fields) throw new NewAgentUsageError(`cannot make an agent named ${JSON.stringify(name)}`);
  return {
    ...fields,
    systemPrompt: prompt ?? starterPrompt(name, description),
    source: ask.scope,
    provider: writer.tool,
  };
}

/**
 * Writes a new agent's file, never over anything: a file (or a link) of that name, or a link
 * on the way, is a {@link NewAgentRefusal}. `shown`: the path as the messages say it.
 */
export function writeNewAgentFile(options: {
  ctx: DiscoveryContext;
  root: string;
  filePath: string;
  content: string;
  shown: string;
}): void {
  const { root, filePath, shown } = options;
  const blocked = writePathProblem(root, filePath);
  if (blocked)
    throw new NewAgentRefusal(`cannot write ${shown}: ${blocked.message}; nothing written`, blocked.code);
  const taken = () =>
    new NewAgentRefusal(
      `${shown} exists; roster new never replaces a file (another name, or edit that file)`,
      "write/exists",
    );
  if (exists(options.ctx, filePath)) throw taken();
  try {
    writeFileInside({ root, filePath, content: options.content, exclusive: true });
  } catch (error) {
    if (error instanceof WriteRefusedError && error.code === "write/exists") throw taken();
    const why = error instanceof WriteRefusedError ? error.message : describeFsError(error);
    throw new NewAgentRefusal(`cannot write ${shown}: ${why}`, "sync/unwritable");
  }
}

/** Is anything at `path` (a file, a folder, a link, even a broken one)? */
function exists(ctx: DiscoveryContext, path: string): boolean {
  try {
    fileSystemOf(ctx).lstat(path);
    return true;
  } catch {
    return false;
  }
}
