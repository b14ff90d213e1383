# Sourced by install.sh (and its test): where `npm install -g` puts roster without sudo.
# npm's global prefix (npm_config_prefix, nvm, root, a user prefix) when roster may write its
# bin and lib there — a folder that does not exist yet counts when it can be created (its
# nearest existing parent is writable) — else ~/.local.

# True when DIR exists as a writable folder, or can be made (its nearest existing parent is one).
roster_can_write() {
  d=$1
  while [ ! -e "$d" ]; do
    parent=$(dirname "$d")
    [ "$parent" = "$d" ] && return 1
    d=$parent
  done
  [ -d "$d" ] && [ -w "$d" ]
}

# Prints the prefix to install into.
roster_prefix() {
  p=$(npm prefix -g 2>/dev/null || true)
  if [ -n "$p" ] && roster_can_write "$p/bin" && roster_can_write "$p/lib"; then
    echo "$p"
  else
    echo "$HOME/.local"
  fi
}
