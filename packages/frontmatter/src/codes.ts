/** Every diagnostic code @roster/frontmatter reports (the README's code table lists the same). */
export const FRONTMATTER_DIAGNOSTIC_CODES = [
  "frontmatter/unclosed",
  "frontmatter/yaml-error",
  "frontmatter/not-a-mapping",
  "frontmatter/engine-refused",
  "frontmatter/too-deep",
  "frontmatter/fallback",
] as const;

/** A diagnostic code of @roster/frontmatter. */
export type FrontmatterDiagnosticCode = (typeof FRONTMATTER_DIAGNOSTIC_CODES)[number];
