// `@roster/sources/fetch-ahead`: what starts an add's git work before anything else of the
// package is loaded (the CLI calls it while its app loads). It re-exports only.
export { type FetchAheadOptions, fetchAhead } from "./fetch-commit.js";
