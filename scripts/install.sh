#!/bin/sh
# Builds the roster command from this clone, installs it where your shell finds it (no
# sudo: npm's global prefix when you may write there, else ~/.local), then runs
# `roster list` in the folder you started from. Needs Node 20+ and npm; pnpm comes
# through corepack, pinned by hash in package.json (no global pnpm is installed or changed).
# Each step's own output goes to a log; a step that fails says so in one line and names it.
set -eu
repo=$(cd "$(dirname "$0")/.." && pwd)
here=$(pwd)
. "$repo/scripts/install-prefix.sh"
export COREPACK_ENABLE_DOWNLOAD_PROMPT=0 COREPACK_ENABLE_STRICT=0
# CI=true: a node_modules made with another pnpm store is replaced without asking (pnpm asks
# on a terminal and, with none, aborts: ERR_PNPM_ABORTED_REMOVE_MODULES_DIR_NO_TTY).
if command -v corepack >/dev/null 2>&1; then
  pnpm() { (cd "$repo" && CI=true corepack pnpm "$@"); }
else
  pnpm() { (cd "$repo" && CI=true npx --yes pnpm@10.34.9 "$@"); }
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
log="${TMPDIR:-/tmp}/roster-install.log"
: >"$log"

# Runs a step with its output in the log; on failure one line: what failed, the likeliest
# reason when the log shows it, and where the log is.
step() {
  what=$1
  shift
  if "$@" >>"$log" 2>&1; then return 0; fi
  reason=""
  if grep -Eq 'fetch failed|ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|ECONNRESET|ERR_PNPM_META_FETCH_FAIL|network' "$log"; then
    reason=": the npm registry could not be reached (offline, a proxy, or npm_config_registry)"
  fi
  echo "roster: $what failed$reason; the whole output is in $log" >&2
  exit 1
}

echo "roster: installing the CLI's dependencies (pnpm 10.34.9)…"
step "installing the dependencies" pnpm install --frozen-lockfile --filter "@roster/cli..." \
  --reporter=append-only --loglevel=warn
echo "roster: building the command…"
step "building the command" sh -c 'cd "$1/apps/cli" && "$1/node_modules/.bin/tsup" --no-dts --silent' sh "$repo"
step "packing the command" sh -c 'cd "$1/apps/cli" && npm pack --silent --pack-destination "$2" >"$2/tarball"' sh "$repo" "$work"
tarball=$(cat "$work/tarball")

prefix=$(roster_prefix)
step "installing into $prefix" npm install -g --prefix "$prefix" --silent --no-audit --no-fund "$work/$tarball"
echo "roster: installed $prefix/bin/roster ($("$prefix/bin/roster" --version))"

case ":$PATH:" in
  *":$prefix/bin:"*) ;;
  *) echo "roster: $prefix/bin is not on your PATH; add it: export PATH=\"$prefix/bin:\$PATH\"" ;;
esac
echo "roster: the agents of $here:"
cd "$here" && "$prefix/bin/roster" list
