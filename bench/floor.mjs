#!/usr/bin/env node
// The sync-read floor for the whole-process bench: one process lists the given folders and
// reads every agent file in them, decoding nothing but UTF-8. No parsing, no output.
//
// Usage: node bench/floor.mjs <folders.json>   (a JSON array of folder paths)
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const folders = JSON.parse(readFileSync(process.argv[2], "utf8"));
let chars = 0;
for (const dir of folders) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isFile() && (entry.name.endsWith(".md") || entry.name.endsWith(".toml"))) {
      chars += readFileSync(join(dir, entry.name), "utf8").length;
    }
  }
}
if (chars === 0) process.exitCode = 1;
