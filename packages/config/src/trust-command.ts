/** How `roster trust` would be typed for a folder (quoted for a POSIX shell when needed). */
export function trustCommand(dir: string): string {
  const quoted = /^[\w./@%+=:,-]+$/.test(dir) ? dir : `'${dir.replaceAll("'", `'\\''`)}'`;
  return `roster trust ${quoted}`;
}
