/**
 * A copy of `value` that keeps nothing else alive: a V8 sliced string (a description cut from
 * a file's text) holds its whole parent text until the slice itself is collected.
 *
 * @example const description = ownString(text.slice(start, end)); // `text` can go
 */
export function ownString(value: string): string {
  // V8 copies slices shorter than 13 characters anyway. `(" " + s).slice(1)` flattens a
  // fresh copy one character longer and slices that: what is kept is the string itself
  // (lone surrogates from a YAML escape included), never the text it came from.
  if (value.length < 13) return value;
  return ` ${value}`.slice(1);
}
