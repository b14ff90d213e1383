/** What a name lookup needs of a definition. */
export interface Named {
  name: string;
  plugin?: { name: string };
}

/** The scoped id of a plugin definition: `<plugin>:<name>`, or undefined outside plugins. */
export function scopedId(item: Named): string | undefined {
  return item.plugin ? `${item.plugin.name}:${item.name}` : undefined;
}

/**
 * Finds a definition by name (SPEC §5): the exact, case-sensitive name among `winners`;
 * or a plugin definition by its scoped id `<plugin>:<name>`, among `winners` and then
 * `shadowed` (a plugin definition that lost its bare name stays reachable).
 *
 * A scoped id of an installed plugin is answered only by that plugin: a definition
 * whose bare name merely contains `:` (a project file named `superpowers:reviewer`)
 * never answers it while a plugin called `superpowers` exists.
 */
export function getByName<T extends Named>(
  from: { winners: readonly T[]; shadowed?: readonly T[] },
  name: string,
): T | undefined {
  const { winners, shadowed = [] } = from;
  const colon = name.indexOf(":");
  if (colon > 0) {
    const plugin = name.slice(0, colon);
    const all = [...winners, ...shadowed];
    if (all.some((item) => item.plugin?.name === plugin)) {
      return all.find((item) => scopedId(item) === name);
    }
  }
  const exact = winners.find((item) => item.name === name);
  if (exact || colon === -1) return exact;
  return [...winners, ...shadowed].find((item) => scopedId(item) === name);
}
