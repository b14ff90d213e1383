#!/bin/sh
# Builds the roster command from this clone, installs it where your shell finds it (no
# sudo: npm's global prefix when you may write there, else ~/.local), then runs
# `roster list` in the folder you started from. Needs Node 20+ and npm; pnpm comes
# through corepack, pinned by hash in package.json (no global pnpm is installed or changed).
set -eu
repo=$(cd "$(dirname "$0")/.." && pwd)
here=$(pwd)
export COREPACK_ENABLE_DOWNLOAD_PROMPT=0 COREPACK_ENABLE_STRICT=0
if command -v corepack >/dev/null 2>&1; then
  pnpm() { (cd "$repo" && corepack pnpm "$@"); }
else
  pnpm() { (cd "$repo" && npx --yes pnpm@10.34.9 "$@"); }
fi

echo "roster: installing the CLI's dependencies (pnpm 10.34.9)…"
pnpm install --frozen-lockfile --filter "@roster/cli..." --reporter=append-only --loglevel=warn
echo "roster: building the command…"
(cd "$repo/apps/cli" && "$repo/node_modules/.bin/tsup" --no-dts --silent)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tarball=$(cd "$repo/apps/cli" && npm pack --silent --pack-destination "$work")

# npm's global prefix when it is writable (root, nvm, a user prefix), else ~/.local.
prefix=$(npm prefix -g 2>/dev/null || true)
if [ -z "$prefix" ] || ! { [ -w "$prefix/bin" ] || { [ ! -e "$prefix/bin" ] && [ -w "$prefix" ]; }; } ||
  ! { [ -w "$prefix/lib" ] || { [ ! -e "$prefix/lib" ] && [ -w "$prefix" ]; }; }; then
  prefix="$HOME/.local"
fi
npm install -g --prefix "$prefix" --silent --no-audit --no-fund "$work/$tarball"
echo "roster: installed $prefix/bin/roster ($("$prefix/bin/roster" --version))"

case ":$PATH:" in
  *":$prefix/bin:"*) ;;
  *) echo "roster: $prefix/bin is not on your PATH; add it: export PATH=\"$prefix/bin:\$PATH\"" ;;
esac
echo "roster: the agents of $here:"
cd "$here" && "$prefix/bin/roster" list
