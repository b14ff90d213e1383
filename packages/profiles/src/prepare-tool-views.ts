import type { Stats } from "node:fs";
import {
  type DiscoveryContext,
  type FileSystem,
  mayHoldName,
  type ProviderRegistry,
  readListedFile,
} from "@roster/core";
import { fileSystemOf, nodeFileSystem } from "@roster/core/provider-kit";
import type { ProfileParse, ToolProfile, ToolReason } from "@roster/family";
import { ownString } from "@roster/frontmatter";
import type { ToolView } from "./tool-view.js";
import {
  type CheckedFile,
  checkFound,
  type FileCheck,
  type FoundFile,
  idsByPath,
  judgeView,
  MAX_VIEW_BYTES,
  parseMarkdownForTool,
  planView,
  readAndCheck,
  readBytesForView,
  type ViewAsToolOptions,
  type ViewPlan,
  viewAsTool,
  type WalkedPlace,
  withSharedParses,
} from "./view-as-tool.js";

/** Options of {@link prepareToolViews}. */
export interface PrepareToolViewsOptions {
  /** Resolves the profiles' borrowed places (Claude Code reads plugins). */
  registry?: ProviderRegistry;
  /**
   * The one id every view will be asked about (`why NAME`, as `focus.ids`): a tool that refuses
   * no configuration whole (`mayRefuseAll`) then passes, unparsed, each file whose bytes cannot
   * hold it (core's `mayHoldName`) if it names agents by their `name`, or, unread, each file
   * whose path gives another id if it names them by their path (`idsByPath`), unless that id is
   * one a file the view keeps whole has. A view asked about anything else reads for itself.
   */
  about?: string;
}

/** Tool views prepared before a discovery, which take the files that discovery reads ({@link prepareToolViews}). */
export interface ToolViews {
  /**
   * The context to discover with: the same one, with a file-system layer that also hands
   * each file the views will read to them, checked at once; the text is not kept.
   */
  readonly ctx: DiscoveryContext;
  /**
   * One tool's view, exactly as `viewAsTool(profile, ctx, { registry, focus, prompts })`
   * answers it (`prompts` is `false` unless asked): a file the discovery did not read (or
   * could not) is read here as `viewAsTool` reads it. Each profile's checks serve one view;
   * asked again (or for a profile not prepared), the view reads for itself. With `prompts:
   * true`, a view about the one id prepared for reads again each file it keeps whole, for its
   * prompt (the checks made from shared reads keep none); any other view with prompts reads for
   * itself.
   */
  view(profile: ToolProfile, options?: Pick<ViewAsToolOptions, "focus" | "prompts">): Promise<ToolView>;
}

/** One file a prepared view will read, where it stands in that view. */
interface Reader {
  plan: ViewPlan;
  walked: WalkedPlace;
  file: FoundFile;
}

type Parse = (content: string, filePath: string) => ProfileParse;

/** The checks a view makes of one text, each parser run once for all the views that use it. */
function checkText(readers: readonly Reader[], text: string, into: Map<FoundFile, CheckedFile>): void {
  const parses = new Map<Parse, ProfileParse>();
  for (const { plan, walked, file } of readers) {
    if (into.has(file)) continue;
    const parse = plan.profile.parse ?? parseMarkdownForTool;
    let parsed = parses.get(parse);
    if (parsed === undefined) {
      parsed = parse(text, file.filePath);
      parses.set(parse, parsed);
    }
    // These views keep no prompt: none is shaped (`parsed` given), none held until they run.
    into.set(file, ownChecked(checkFound(plan, walked, file, text, { parsed, prompt: false })));
  }
}

/** A reason whose strings are its own ({@link ownChecked}). */
function ownReason(reason: ToolReason): ToolReason {
  const own: ToolReason = { code: reason.code, message: ownString(reason.message) };
  if (reason.field !== undefined) own.field = ownString(reason.field);
  return own;
}

/**
 * A copy of a check whose strings are its own: an id or description cut from the text would
 * keep the whole text alive until the view runs (10,000 texts, 60 MB, at 10,000 files). Built
 * field by field, every copy of one kind has one shape (the view reads thousands of them); a
 * `structuredClone` copy costs more to make and to read.
 */
function ownChecked(checked: CheckedFile): CheckedFile {
  if (!("check" in checked)) return checked;
  const { check, refused } = checked;
  let copy: FileCheck;
  if (check.ok) {
    const id = ownString(check.id);
    const description = ownString(check.description);
    const prompt = ownString(check.prompt);
    const ignoredKeys = check.ignoredKeys.map(ownString);
    const { hasDescription } = check;
    // The key order checkParsed gives (a name after the id).
    copy =
      check.name === undefined
        ? { ok: true, id, description, hasDescription, prompt, ignoredKeys }
        : { ok: true, id, name: ownString(check.name), description, hasDescription, prompt, ignoredKeys };
  } else {
    copy = { ok: false, reason: ownReason(check.reason) };
    if (check.id !== undefined) copy.id = ownString(check.id);
    if (check.refusesAll !== undefined) copy.refusesAll = check.refusesAll;
  }
  if (check.ok && copy.ok && check.notes) copy.notes = check.notes.map(ownReason);
  const own: CheckedFile =
    refused === undefined ? { check: copy } : { check: copy, refused: ownReason(refused) };
  // The other agents of a file that declares several.
  if (checked.more) own.more = checked.more.map((one) => ownChecked(one) as { check: FileCheck });
  return own;
}

class PreparedViews implements ToolViews {
  readonly ctx: DiscoveryContext;
  /** The plans not yet judged, by profile. */
  private readonly plans = new Map<ToolProfile, ViewPlan>();
  /** Every file a prepared view reads, by path: the views (and places) that read it. */
  private readonly wanted = new Map<string, Reader[]>();
  /** The checks made from the discovery's reads, until their view takes them. */
  private readonly checks = new Map<FoundFile, CheckedFile>();

  /** With `about`: whether a text can hold it, for the tools that may pass a file on that. */
  private readonly holds: ((bytes: Buffer) => boolean) | undefined;

  constructor(
    private readonly base: DiscoveryContext,
    private readonly registry: ProviderRegistry | undefined,
    plans: readonly ViewPlan[],
    private readonly about?: string,
  ) {
    this.holds = about === undefined ? undefined : mayHoldName(about);
    for (const plan of plans) {
      this.plans.set(plan.profile, plan);
      for (const walked of plan.walked) {
        for (const file of walked.files) {
          // A config entry is not read; a file the tool passes over unread is not either.
          if (file.fields || file.passed !== undefined) continue;
          const readers = this.wanted.get(file.filePath);
          if (readers) readers.push({ plan, walked, file });
          else this.wanted.set(file.filePath, [{ plan, walked, file }]);
        }
      }
    }
    this.ctx = { ...base, fs: this.layer(fileSystemOf(base)) };
  }

  /** `base` with every read also handed to {@link take}. */
  private layer(base: FileSystem): FileSystem {
    const layer: FileSystem = {
      readdir: (dir) => base.readdir(dir),
      stat: (path) => base.stat(path),
      lstat: (path) => base.lstat(path),
      realpath: (path) => base.realpath(path),
      readFile: (path, maxBytes, stats, scratch) => {
        const bytes = base.readFile(path, maxBytes, stats, scratch);
        this.take(path, bytes, stats);
        return bytes;
      },
    };
    // Core's one-open read of a listed file, where the layer below has it (node:fs has).
    const readListed = base === nodeFileSystem ? readListedFile : base.readListed;
    if (readListed) {
      layer.readListed = (path, maxBytes, scratch) => {
        const read = readListed(path, maxBytes, scratch);
        this.take(path, read.bytes, read.stats);
        return read;
      };
    }
    return layer;
  }

  /**
   * A file the discovery read: checked now for every view that reads it, while its bytes
   * are valid (they may be a scratch buffer's). Only what a view would have read itself is
   * used — a regular file within the views' bound; anything else leaves the file for the
   * view to read.
   */
  private take(path: string, bytes: Buffer, stats: Stats | undefined): void {
    if (!this.wanted.has(path)) return;
    if (bytes.length > MAX_VIEW_BYTES || (stats !== undefined && stats.size > MAX_VIEW_BYTES)) return;
    this.checkAll(path, bytes, () => bytes.toString("utf8"));
  }

  /**
   * Whether `reader`'s view passes, unchecked, a file about another id than {@link about}: for
   * a tool that refuses no configuration whole (`mayRefuseAll`), a file whose path gives it
   * another id (`stem`, `path` identity: `idsByPath`), or whose bytes cannot hold the name
   * (`name` identity; `held` is asked only then).
   */
  private passes(reader: Reader, held: () => boolean): boolean {
    const { profile } = reader.plan;
    if (this.about === undefined || profile.mayRefuseAll === true) return false;
    const byPath = idsByPath(profile, reader.file.relativePath, reader.walked.place.plugin);
    if (byPath !== undefined) return !byPath.includes(this.about);
    return profile.identity === "name" && !held();
  }

  /** The file at `path` (`bytes`; `decode` gives its text), checked for every view not yet run that reads it. */
  private checkAll(path: string, bytes: Buffer, decode: () => string): void {
    const readers = this.wanted.get(path);
    if (!readers) return;
    this.wanted.delete(path);
    const pending = readers.filter((r) => this.plans.get(r.plan.profile) === r.plan);
    if (pending.length === 0) return;
    const checks = new Map<FoundFile, CheckedFile>();
    let holds: boolean | undefined;
    const held = () => {
      holds ??= this.holds === undefined || this.holds(bytes);
      return holds;
    };
    for (const r of pending) if (this.passes(r, held)) checks.set(r.file, { sifted: true });
    // Decoded only for a view that checks it.
    const text = checks.size < pending.length ? decode() : "";
    try {
      withSharedParses(() => checkText(pending, text, checks));
    } catch {
      // A parser or gate that throws does so in the view, as it would have alone.
      return;
    }
    for (const [file, checked] of checks) this.checks.set(file, checked);
  }

  /** Whether a view asked so is the one {@link about} prepared for. */
  private asAbout(focus: ViewAsToolOptions["focus"]): boolean {
    return this.about === undefined || (focus?.ids.size === 1 && focus.ids.has(this.about));
  }

  async view(
    profile: ToolProfile,
    options: Pick<ViewAsToolOptions, "focus" | "prompts"> = {},
  ): Promise<ToolView> {
    const plan = this.plans.get(profile);
    const prompts = options.prompts === true;
    if (!plan || !this.asAbout(options.focus) || (prompts && this.about === undefined))
      return viewAsTool(profile, this.base, {
        ...(this.registry ? { registry: this.registry } : {}),
        ...options,
        prompts,
      });
    const { focus } = options;
    // With prompts: a check this view keeps whole is made again from a fresh read, for its
    // prompt (the view about one id keeps only that id's files and roster's winner).
    const whole = (checked: CheckedFile, file: FoundFile) =>
      prompts &&
      "check" in checked &&
      checked.check.ok &&
      (focus?.ids.has(checked.check.id) === true || focus?.files?.has(file.filePath) === true);
    // The ids the files this view keeps whole have by their path: a file passed for another
    // id than the one asked about may share one of those, and so decide a kept file's outcome.
    const keptIds = new Set<string>();
    for (const walked of plan.walked)
      for (const file of walked.files)
        if (focus?.files?.has(file.filePath))
          for (const id of idsByPath(profile, file.relativePath, walked.place.plugin) ?? []) keptIds.add(id);
    const view = judgeView(plan, { ...options, prompts }, (walked, file) => {
      const needed =
        focus?.files?.has(file.filePath) === true ||
        (keptIds.size > 0 &&
          (idsByPath(profile, file.relativePath, walked.place.plugin)?.some((id) => keptIds.has(id)) ??
            false));
      const checked = this.checkedFor(plan, walked, file, needed);
      return whole(checked, file) ? readAndCheck(plan, walked, file) : checked;
    });
    // One view per preparation: asked again, it reads for itself.
    this.plans.delete(profile);
    return view;
  }

  /**
   * One file's check for `plan`'s view: taken from the discovery's read, or read here.
   * `needed`: the view keeps the file whole (roster's winner, its copies) or it may share an
   * id with one it keeps, so it is checked even where it would be passed.
   */
  private checkedFor(plan: ViewPlan, walked: WalkedPlace, file: FoundFile, needed: boolean): CheckedFile {
    const taken = this.checks.get(file);
    if (taken !== undefined) {
      this.checks.delete(file);
      if (!("sifted" in taken) || !needed) return taken;
    }
    if (file.fields) return readAndCheck(plan, walked, file);
    // A file its path puts about another id, which the view does not need: not even read.
    if (taken === undefined && !needed && this.passes({ plan, walked, file }, () => true))
      return { sifted: true };
    // A file the discovery did not read: read here once, for the other views that read it too.
    const read = readBytesForView(plan.ctx, file.filePath);
    if ("unreadable" in read) return read;
    let text: string | undefined;
    const decode = () => {
      text ??= read.bytes.toString("utf8");
      return text;
    };
    if (taken !== undefined) return checkFound(plan, walked, file, decode(), { prompt: false });
    this.checkAll(file.filePath, read.bytes, decode);
    const mine = this.checks.get(file);
    this.checks.delete(file);
    if (mine !== undefined && !("sifted" in mine && needed)) return mine;
    return checkFound(plan, walked, file, decode(), { prompt: false });
  }
}

/**
 * Plans the views of `profiles` (their places, walked) before a discovery runs, so that
 * each file the discovery reads is read once for both: discover with the answer's `ctx`, then
 * ask it for each tool's view (`roster why NAME`, `roster doctor`). Every view answers
 * exactly as `viewAsTool` does; only the number of reads changes.
 *
 * @example
 * const views = await prepareToolViews(profiles, ctx, { registry });
 * const discovery = await discoverAgents(registry, views.ctx);
 * const claude = await views.view(claudeProfile, { focus: { ids: new Set(["reviewer"]) } });
 */
export async function prepareToolViews(
  profiles: readonly ToolProfile[],
  ctx: DiscoveryContext,
  options: PrepareToolViewsOptions = {},
): Promise<ToolViews> {
  const plans: ViewPlan[] = [];
  for (const profile of profiles) plans.push(await planView(profile, ctx, options.registry));
  return new PreparedViews(ctx, options.registry, plans, options.about);
}
