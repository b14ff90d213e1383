#!/usr/bin/env node
// The installed command: a committed file, so the bin link exists before the first build.
// CommonJS, not an ES module: it starts a few milliseconds sooner (no module loader is set up
// before its first line), and a stored `roster list` takes little more than that.
"use strict";
const module_ = require("node:module");
const { join } = require("node:path");

// Node 22.1 and later keep the compiled code of roster's modules between runs, which saves
// a few milliseconds of every start. It is kept beside the code it was compiled from, in
// the installed package (dist/.compile-cache): whoever can write there can change roster
// itself, so the cache trusts no one new. A folder that cannot be written only means no
// cache; ROSTER_NO_CACHE=1 turns it off with roster's other caches.
const noCache = (process.env.ROSTER_NO_CACHE ?? "").trim().toLowerCase();
if (noCache === "" || noCache === "0" || noCache === "false") {
  module_.enableCompileCache?.(join(__dirname, "../dist/.compile-cache"));
}

// A `roster list` first tries the shortcut a list before it stored (dist/list-fast.cjs): when
// everything it read is still the same, the stored listing is printed without loading the app.
// Otherwise the bin's own list runs it (dist/list-run.cjs): the app's list without the app's
// command table. Whatever either leaves (another command, --help, a flag list does not take)
// the app runs.
// The command line is read once (list-fast's `parseList`), for both.
const argv = process.argv.slice(2);
const fast = argv.includes("list") ? require("../dist/list-fast.cjs") : undefined;
const list = fast?.parseList(argv);
if (!list) import("../dist/roster.js");
else if (!fast.listFromShortcut(list)) {
  require("../dist/list-run.cjs")
    .runList(list)
    .then((ran) => {
      if (!ran) import("../dist/roster.js");
    });
}
