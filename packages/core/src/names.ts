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

/**
 * A name as a slug: lower case, a word break of camel case (`CSharpExpert`) and every run of
 * characters outside `a-z 0-9 _` as one `-`, no `-` or `_` at either end (`CSharpExpert` →
 * `csharp-expert`, `dotnet-framework-4.8-expert` → `dotnet-framework-4-8-expert`,
 * `Code Reviewer` → `code-reviewer`). Empty when nothing of the name is left.
 */
export function slugName(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, "-")
    .replace(/^[-_]+|[-_]+$/g, "");
}
