import { rosterProject } from "../vitest.shared.ts";

const project = rosterProject("bench");
// rosterProject looks in src/ and test/; the bench keeps its few tests beside its scripts.
project.test!.include = ["*.test.ts"];

export default project;
