// A translation report (`export`, `new`): @roster/writers' rows and one-line summary.
export { fieldRows, summarizeFields as fieldSummary } from "@roster/writers";
