// The public API of @roster/terminal: pure text layout for a terminal. Nothing here prints or
// reads the process (streams, cwd, width, colour): the CLI's `Output` hands those in.
export { cutPathToWidth, cutToWidth } from "./cut-to-width.js";
export { displayWidth, NARROW, NARROW_OR_EMOJI } from "./display-width.js";
export { type Cell, headedTable, type TableOptions, table } from "./draw-table.js";
export { escapeTerminal } from "./escape-terminal.js";
export { fieldLine, fieldLines } from "./field-line.js";
export { createJsonArrayStream, type JsonArrayStream } from "./json-array-stream.js";
// a diagnostic as one note line for stderr
export { noteLine } from "./note-line.js";
export { count, descriptionLine, oneLine, shortList } from "./short-text.js";
export { placeOf, showPath, showPaths } from "./show-path.js";
export {
  Block,
  draw,
  joinLines,
  Line,
  line,
  type Part,
  type Style,
  Styled,
  type Text,
  type Value,
} from "./styled-text.js";
export type { Fit, PathBase, Screen } from "./types.js";
export { indentedLines, sentenceLines, wrapToWidth } from "./wrap-to-width.js";
export { type WriteJsonOptions, writeJson } from "./write-json.js";
