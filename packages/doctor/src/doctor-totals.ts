// The line `doctor` ends with: its files counted by kind and outcome, its errors and warnings.
import { count } from "@roster/terminal";
import type { DoctorSummary } from "./run-doctor.js";

/** Each kind of file in doctor's totals, with the word for a file of that folder that defines nothing. */
const KINDS = [
  ["agents", "not an agent"],
  ["commands", "not a command"],
  ["skills", "not a skill"],
] as const;

/**
 * The line `doctor` ends with. Each kind of file is counted apart (core's `countOutcomes`: the
 * report's "shadowed" is the agents' here), and the problems found reading agent files are the
 * number `roster list`'s footer gives:
 * `198 files (agents: 175 loaded, 3 shadowed, 10 not an agent; commands: 9 loaded, 1 shadowed):
 * 0 errors, 19 warnings, 16 of them from reading agent files — ok`.
 */
export function doctorTotals(summary: DoctorSummary, failed: boolean): string {
  const kinds = KINDS.flatMap(([kind, notA]) => {
    const c = summary.kinds[kind];
    const files = c.loaded + c.shadowed + c.skipped + c["not-an-agent"] + c.copy;
    if (files === 0) return [];
    const parts = [`${c.loaded} loaded`];
    if (c.shadowed > 0) parts.push(`${c.shadowed} shadowed`);
    if (c.skipped > 0) parts.push(`${c.skipped} skipped`);
    if (c["not-an-agent"] > 0) parts.push(`${c["not-an-agent"]} ${notA}`);
    if (c.copy > 0) parts.push(`${c.copy} roster's ${c.copy === 1 ? "copy" : "copies"}`);
    return [`${kind}: ${parts.join(", ")}`];
  });
  const reading = summary.readingAgentFiles;
  return (
    `${count(summary.files, "file")}${kinds.length > 0 ? ` (${kinds.join("; ")})` : ""}: ` +
    `${count(summary.errors, "error")}, ${count(summary.warnings, "warning")}` +
    `${reading > 0 ? `, ${reading} of them from reading agent files` : ""}${failed ? "" : " — ok"}`
  );
}
