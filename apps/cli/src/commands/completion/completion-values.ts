// The words roster's flags complete to, from the app's families (@roster/completion's
// rosterValues says which flag and argument takes which).
import { rosterValues, type ValuesOf } from "@roster/completion";
import { skillToolsOf } from "@roster/family";
import { type AppFamilies, hostFamilies } from "../../families.js";
import { SOURCES } from "../agents/list-print.js";

/** What an option's value or an argument completes to, among the app's `families`. */
export function valuesOf(families: AppFamilies): ValuesOf {
  return rosterValues({
    profiles: families.profiles.map((p) => p.tool),
    skillTools: skillToolsOf(families),
    writers: families.writers.map((w) => w.tool),
    hosts: hostFamilies(families).map((f) => f.id),
    providers: families.ids(),
    sources: SOURCES,
  });
}
