/**
 * A name as a slug, the form tools with strict name rules take (Gemini CLI: `^[a-z0-9-_]+$`):
 * lower case, a word break of camel case (`CSharpExpert`) and every run of characters outside
 * `a-z 0-9 _` as one `-`, no `-` or `_` at either end (`CSharpExpert` → `csharp-expert`,
 * `dotnet-framework-4.8-expert` → `dotnet-framework-4-8-expert`, `Code Reviewer` →
 * `code-reviewer`). Empty when nothing of the name is left. `export`/`sync` write a refused
 * name as its slug; `doctor --fix` renames a name with spaces to it.
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
