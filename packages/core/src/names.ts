/** Zero-width and bidirectional/format characters that make a name look like another. */
const INVISIBLE = /[\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff]/;

/**
 * Why a definition's name is unusual (outer spaces, C0/C1 control characters, zero-width
 * or bidi characters, path separators, `..`), or undefined.
 */
export function nameProblem(name: string): string | undefined {
  if (name !== name.trim()) return "has leading or trailing spaces";
  if (/[\u0000-\u001f\u007f-\u009f]/.test(name)) return "contains control characters";
  if (INVISIBLE.test(name)) return "contains invisible (zero-width or bidirectional) characters";
  if (name.includes("/") || name.includes("\\")) return "contains a path separator";
  if (name.includes("..")) return 'contains ".."';
  return undefined;
}
