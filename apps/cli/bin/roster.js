#!/usr/bin/env node
// The installed command: a committed file, so the bin link exists before the first build.
import module from "node:module";
import { fileURLToPath } from "node:url";

// Node 22.1 and later keep the compiled code of roster's modules between runs, which saves
// a few milliseconds of every start. It is kept beside the code it was compiled from, in
// the installed package (dist/.compile-cache): whoever can write there can change roster
// itself, so the cache trusts no one new. A folder that cannot be written only means no
// cache; ROSTER_NO_CACHE=1 turns it off with roster's other caches.
const noCache = (process.env.ROSTER_NO_CACHE ?? "").trim().toLowerCase();
if (noCache === "" || noCache === "0" || noCache === "false") {
  module.enableCompileCache?.(fileURLToPath(new URL("../dist/.compile-cache", import.meta.url)));
}

await import("../dist/roster.js");
