/** Why a definition's name is unusual (path separators, `..`, control characters, outer spaces), or undefined. */
export function nameProblem(name: string): string | undefined {
  if (name !== name.trim()) return "has leading or trailing spaces";
  if (/[\u0000-\u001f\u007f]/.test(name)) return "contains control characters";
  if (name.includes("/") || name.includes("\\")) return "contains a path separator";
  if (name.includes("..")) return 'contains ".."';
  return undefined;
}
