/** Letters, digits and `_ - . : @ +`: nothing below can be wrong with such a name but `..`. */
const PLAIN_NAME = /^[A-Za-z0-9_.:@+-]+$/;

/**
 * Why a definition's name is unusual (outer spaces, C0/C1 control characters, zero-width
 * or bidi format characters, path separators, `..`), or undefined.
 */
export function nameProblem(name: string): string | undefined {
  // Most names are plain ASCII words: one cheap test says so.
  if (PLAIN_NAME.test(name) && !name.includes("..")) return undefined;
  if (name !== name.trim()) return "has leading or trailing spaces";
  if (/[\u0000-\u001f\u007f-\u009f]/.test(name)) return "contains control characters";
  // Bidi overrides, zero-width characters and the like make one name look like another.
  if (/[\p{Cf}\u2028\u2029]/u.test(name)) return "contains invisible characters (bidi or zero-width)";
  if (name.includes("/") || name.includes("\\")) return "contains a path separator";
  if (name.includes("..")) return 'contains ".."';
  return undefined;
}
