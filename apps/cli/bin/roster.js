#!/usr/bin/env node
// The installed command: a committed file, so the bin link exists before the first build.
import "../dist/roster.js";
