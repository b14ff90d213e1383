// What `roster skills list|show|why` say about a discovery of skills: the lines a person
// reads and the JSON a program reads. Values only (@roster/terminal lines): the CLI prints them.
import {
  Block,
  type Cell,
  count,
  descriptionLine,
  type Fit,
  fieldLine,
  headedTable,
  type Line,
  line,
  oneLine,
  type PathBase,
  Styled,
  showPath,
  type Text,
} from "@roster/terminal";
import { type SkillCandidate, summarizeSkill } from "./explain-skill.js";
import type { InvocableCommand } from "./resolve-invocable.js";
import type { Skill, SkillDiscovery } from "./skill-types.js";

/** Where skills are shown: paths from `cwd` and `home`, tables fitted to `columns`. */
export type SkillView = PathBase & Fit;

/** The keys `skills show` gives a line of their own; any other key follows them as written. */
const SHOWN_KEYS = [
  "name",
  "description",
  "argument-hint",
  "allowed-tools",
  "license",
  "compatibility",
  "metadata",
];

/** The closing line of `skills list`: how many skills (for which tool), shadowed, and problems. */
export function skillsTotal(d: SkillDiscovery): string {
  const as = d.as ? ` for ${d.as}` : "";
  const shadowed = d.shadowed.length ? `, ${d.shadowed.length} shadowed` : "";
  const problems = d.diagnostics.filter((x) => x.severity !== "info").length;
  const notes = problems ? `, ${count(problems, "problem")} reading skill files (roster doctor)` : "";
  return `${count(d.skills.length, "skill")}${as}${shadowed}${notes}`;
}

/** `skills list --json`: the tool (`--as`), each skill's summary, the shadowed ones and the diagnostics. */
export function skillListJson(d: SkillDiscovery) {
  return {
    ...(d.as ? { as: d.as } : {}),
    skills: d.skills.map(summarizeSkill),
    shadowed: d.shadowed.map(({ skill, shadowedBy }) => ({
      name: skill.name,
      provider: skill.provider,
      scope: skill.scope,
      filePath: skill.filePath,
      shadowedBy,
    })),
    diagnostics: d.diagnostics,
  };
}

/**
 * A listing of names (`skills list`, `commands list`): NAME, a kind, PROVIDER, a path, DESCRIPTION;
 * the path keeps its end, it goes first and the provider next when the width is short, and the
 * description takes what is left.
 */
export function namesTable(view: SkillView, headers: string[], rows: Cell[][]): Text {
  return headedTable(view, headers, rows, { keepEnd: [3], drop: [3, 2], grow: 4 });
}

/** `skills list`: a table of the skills (a `/name` for those a person invokes), the total and the legend. */
export function describeSkillList(view: SkillView, d: SkillDiscovery): Text[] {
  const lines: Text[] = [];
  const rows = d.skills.map((s) => [
    new Styled("bold", s.userInvocable ? `/${s.name}` : s.name),
    s.scope,
    s.provider,
    showPath(view, s.dir),
    descriptionLine(s.description),
  ]);
  if (rows.length > 0)
    lines.push(namesTable(view, ["NAME", "SCOPE", "PROVIDER", "FOLDER", "DESCRIPTION"], rows), "");
  lines.push(new Styled("dim", skillsTotal(d)));
  if (d.skills.some((s) => s.userInvocable))
    lines.push(new Styled("dim", "/name: the skill answers that command"));
  return lines;
}

/** A file's size as `skills show` gives it: bytes, KiB or MiB ("" when unknown). */
export function formatSize(bytes: number | undefined): string {
  if (bytes === undefined) return "";
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

/** `skills show NAME`: the skill's heading, its fields, its files (a table) and its instructions. */
export function describeSkill(view: SkillView, skill: Skill): Text[] {
  const lines: Text[] = [
    line`${new Styled("bold", skill.name)} — ${skill.description || "(no description)"}`,
    new Styled("dim", `${skill.provider}, ${skill.scope}, ${showPath(view, skill.dir)}`),
  ];
  const field = (key: string, value: unknown) => {
    const text = fieldLine(key, value, 16);
    if (text) lines.push(text);
  };
  field("invocable", skill.userInvocable ? `/${skill.name}` : "no (the model uses it)");
  if (!skill.modelInvocable) field("model", "never calls it on its own (disable-model-invocation)");
  field("argument-hint", skill.argumentHint);
  field("allowed-tools", skill.allowedTools);
  field("license", skill.license);
  field("compatibility", skill.compatibility);
  field("metadata", skill.metadata);
  for (const key of skill.keys.filter((k) => !SHOWN_KEYS.includes(k))) field(key, skill.fields[key]);
  lines.push("");
  lines.push(
    new Styled("bold", `Files (${skill.files.length}${skill.filesTruncated ? ", more not listed" : ""}):`),
  );
  const rows = skill.files.map((f) => [
    f.kind === "folder" ? `${f.path}/` : f.path,
    f.kind === "symlink" ? `link (${f.target})` : f.kind,
    formatSize(f.size),
  ]);
  lines.push(headedTable(view, ["PATH", "KIND", "SIZE"], rows, { keepEnd: [0] }));
  lines.push(line`\n${new Block(skill.body)}`);
  return lines;
}

/** A command file a skill answers before (`commandHiddenBy`), with its file. */
export type HiddenCommand = InvocableCommand & { filePath: string };

/** The command a skill answers before, as `skills why --json` lists it under `hides`. */
export function hiddenCommands(hidden: HiddenCommand | undefined) {
  return hidden
    ? [{ kind: "command", name: hidden.name, provider: hidden.provider, filePath: hidden.filePath }]
    : [];
}

/** What `skills why NAME` found: the discovery, the name, its candidates and winner, the command it hides. */
export interface SkillWhy {
  d: SkillDiscovery;
  name: string;
  winner?: Skill | undefined;
  candidates: SkillCandidate[];
  hidden?: HiddenCommand | undefined;
}

/** `skills why NAME --json`: the winner (null when none, or the tool picks among several), the candidates, the places. */
export function skillWhyJson({ d, name, winner, candidates, hidden }: SkillWhy) {
  const ambiguous = winner?.ambiguous ?? [];
  const hides = hiddenCommands(hidden);
  return {
    name,
    ...(d.as ? { as: d.as } : {}),
    winner: winner && ambiguous.length === 0 ? summarizeSkill(winner) : null,
    ...(ambiguous.length > 0 ? { ambiguous: [...new Set(ambiguous)] } : {}),
    candidates,
    ...(hides.length > 0 ? { hides } : {}),
    searched: d.searched,
  };
}

const OUTCOME_STYLE: Record<string, "green" | "yellow" | "red"> = {
  winner: "green",
  shadowed: "yellow",
  skipped: "red",
  ambiguous: "yellow",
};

/** `skills why NAME`, first part: every place searched in order, and every `SKILL.md` of NAME with its outcome. */
export function describeSkillSearch(view: SkillView, { d, name, candidates }: SkillWhy): Text[] {
  return [
    new Styled("bold", "Searched, in order:"),
    headedTable(
      view,
      ["#", "SCOPE", "PROVIDER", "FOLDER", "STATUS"],
      d.searched.map((s, i) => [String(i + 1), s.scope, s.provider, showPath(view, s.dir), s.status]),
      { keepEnd: [3] },
    ),
    "",
    new Styled("bold", `Every SKILL.md named ${name}:`),
    headedTable(
      view,
      ["OUTCOME", "PROVIDER", "FILE"],
      candidates.map((c) => {
        const style = OUTCOME_STYLE[c.outcome];
        return [
          style ? new Styled(style, c.outcome) : c.outcome,
          c.provider,
          c.reason
            ? `${showPath(view, c.filePath)} (${c.reason.code}: ${oneLine(c.reason.message)})`
            : showPath(view, c.filePath),
        ];
      }),
      { keepEnd: [2] },
    ),
  ];
}

/** `skills why NAME`, the answer: the file NAME resolves to (or that the tool picks among several), and the command it hides. */
export function describeSkillWinner(view: SkillView, { d, name, winner, hidden }: SkillWhy): Line[] {
  if (!winner) return [];
  const as = d.as ? ` for ${d.as}` : "";
  const ambiguous = new Set(winner.ambiguous ?? []);
  const lines = [
    ambiguous.size > 0
      ? line`\n${new Styled("bold", name)} is ambiguous${as}: the tool loads one of these ${String(ambiguous.size)}, a different one from run to run (give each its own name)`
      : line`\n${new Styled("bold", name)} resolves${as} to ${showPath(view, winner.filePath)} (${winner.provider}, ${winner.scope})`,
  ];
  if (hidden)
    lines.push(
      line`It hides the command ${showPath(view, hidden.filePath)} (${hidden.provider}): the skill answers /${name} first`,
    );
  return lines;
}
