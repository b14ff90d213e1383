#!/usr/bin/env bash
# A user's clone has no ../shared beside it (the corpus of real agent files lives there for
# the project's own tests). This runs the README's test command in such a clone: a fresh clone
# of the committed HEAD in a temporary folder with nothing beside it, over the test files that
# read the corpus (the rest never look for it). Each of them must pass or skip visibly there.
#
# Usage: bash scripts/test-without-shared.sh   (after `corepack pnpm install` in this checkout:
# the clone installs from the same store, offline)
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git clone -q . "$work/roster"
# The build cache of this checkout, where there is one: the same sources build the same outputs.
if [ -d .turbo ]; then cp -R .turbo "$work/roster/.turbo"; fi
cd "$work/roster"
[ ! -e ../shared ] || { echo "test-without-shared: $work/shared exists" >&2; exit 1; }
mapfile -t files < <(git grep -l -E 'corpus|CORPUS|shared/' -- '*.test.ts' '*.test.mjs')
echo "test-without-shared: ${#files[@]} test files that read the corpus, in a clone with no ../shared"
corepack pnpm install --frozen-lockfile --offline --silent </dev/null
# The closing line is prefixed so that it is not taken for the whole run's.
corepack pnpm test "${files[@]}" </dev/null 2>&1 | sed -u 's/^\([0-9]* passed, \)/without ..\/shared — \1/'
exit "${PIPESTATUS[0]}"
