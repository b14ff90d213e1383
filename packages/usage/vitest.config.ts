import { rosterProject } from "../../vitest.shared.ts";

export default rosterProject("usage");
