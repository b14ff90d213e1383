// The public types of @roster/terminal that more than one file uses.

/** The width text is fitted to: a terminal's columns, or undefined when piped (nothing is cut). */
export interface Fit {
  /** The terminal's width when output is a terminal; undefined when piped. */
  columns?: number | undefined;
}

/** Where paths are shown from: relative under `cwd`, `~/…` under `home`. */
export interface PathBase {
  /** The folder paths under it are shown relative to. */
  cwd: string;
  /** The home folder (`~`); paths under it are shown as `~/…`. */
  home?: string | undefined;
}

/** Where text is shown: paths relative to `cwd` (home as `~`), fitted to `columns` when a terminal. */
export interface Screen extends PathBase, Fit {}
