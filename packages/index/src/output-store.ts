import { type FileSystem, RACY_MS } from "@roster/core";
import { fnv1a64, openOutputs, type PersistentIndex } from "./persistent-index.js";
import { isRecordedReads, stillSeen } from "./recorded.js";
import type {
  AnswerToStore,
  IndexDiagnostic,
  IndexKey,
  Look,
  OpenOutputsOptions,
  OutputRef,
  ReadWindow,
  StoredAnswer,
} from "./types.js";

/** The layout of a stored answer's record: a record of another layout is not read. */
export const ANSWER_FORM = "answer-1";

/** Written as the "fingerprint" of a mark ({@link OutputStore.mark}): no answer is ever stored under it. */
const MARK = "seen";

/**
 * True when the files were read too soon after their newest change to vouch for anything
 * (core's racy-window rule, `RACY_MS`): a change inside the same clock tick as the read would
 * leave every stat the same.
 */
export function isRacy(window: ReadWindow): boolean {
  return window.startedAt - window.newestChangeMs <= RACY_MS;
}

function isIndexKey(value: unknown): value is IndexKey {
  const k = value as Partial<IndexKey> | null;
  return (
    typeof k === "object" &&
    k !== null &&
    typeof k.kind === "string" &&
    typeof k.cwd === "string" &&
    typeof k.home === "string" &&
    typeof k.trust === "boolean" &&
    Array.isArray(k.providers) &&
    k.providers.every((p) => typeof p === "string")
  );
}

function isOutputRef(value: unknown): value is OutputRef {
  const r = value as Partial<OutputRef> | null;
  return (
    typeof r === "object" &&
    r !== null &&
    typeof r.name === "string" &&
    typeof r.fingerprint === "string" &&
    (r.key === undefined || isIndexKey(r.key))
  );
}

const ANSWER_KEYS = ["asked", "exit", "output", "reads"].join();

/**
 * The one shape check of a stored answer: exactly `asked`, `reads`, `output` and `exit`
 * (a record with any other field is another layout), reads that unpack, an integer exit code.
 */
export function isStoredAnswer(value: unknown): value is StoredAnswer {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const a = value as Partial<StoredAnswer>;
  return (
    Object.keys(a).sort().join() === ANSWER_KEYS &&
    a.asked !== undefined &&
    Number.isInteger(a.exit) &&
    isOutputRef(a.output) &&
    isRecordedReads(a.reads)
  );
}

/** A stored answer that holds now, and the bytes it printed. */
export interface Replay {
  answer: StoredAnswer;
  bytes: Buffer;
}

/**
 * What storing gave: the warnings of a folder that cannot be written, and `stored: false` when
 * those or the racy window kept it back (an output over `maxBytes` is left out quietly).
 */
export interface Stored {
  stored: boolean;
  problems: IndexDiagnostic[];
}

/**
 * roster's one store of outputs, per key (cwd, home, trust, providers): every stored answer
 * is a record `{ asked, reads, output, exit }` handed back only while it still holds — asked
 * the same way, everything it read seen the same way (a stat-only replay), read outside the
 * racy window. An output vouched for by a look (a fingerprint of the stats of every file the
 * caller would read) is kept the same way, under that fingerprint. Use {@link openOutputStore}.
 */
export class OutputStore {
  /** The stored bytes themselves, one file per name (see {@link PersistentIndex}). */
  readonly outputs: PersistentIndex;
  private readonly options: OpenOutputsOptions;

  /** Use {@link openOutputStore}. */
  constructor(options: OpenOutputsOptions) {
    this.options = options;
    this.outputs = openOutputs(options);
  }

  /** The store of another key, in the same folder, for the same version, warning the same way. */
  at(key: IndexKey): OutputStore {
    return new OutputStore({ ...this.options, key });
  }

  /** Whether anything is stored under `name` (an answer, an output, a mark): a look is then worth taking. */
  has(name: string): boolean {
    return this.outputs.hasOutput(name);
  }

  /** Leaves a mark under `name` that is no answer: the next run knows this place was seen. */
  mark(name: string): IndexDiagnostic[] {
    return this.outputs.writeOutput(name, MARK, ["{}"]);
  }

  /**
   * The answer stored under `name` and its bytes, when it still holds: asked as `now.asked`
   * (compared as JSON text; not compared when omitted), everything it read seen the same way
   * in `now.env` and on `now.fs`. A missing, truncated, garbled or foreign record is no answer.
   */
  readAnswer(
    name: string,
    now: { env: Readonly<Record<string, string | undefined>>; fs?: FileSystem; asked?: unknown },
  ): Replay | undefined {
    const stored = this.outputs.readOutput(name, ANSWER_FORM);
    if (!stored) return undefined;
    let answer: unknown;
    try {
      answer = JSON.parse(stored.toString("utf8"));
    } catch {
      return undefined;
    }
    if (!isStoredAnswer(answer)) return undefined;
    if (now.asked !== undefined && JSON.stringify(answer.asked) !== JSON.stringify(now.asked))
      return undefined;
    if (!stillSeen(answer.reads, now.env, now.fs)) return undefined;
    const { key, name: outputName, fingerprint } = answer.output;
    const bytes = (key ? this.at(key) : this).outputs.readOutput(outputName, fingerprint);
    return bytes ? { answer, bytes } : undefined;
  }

  /**
   * Stores an answer under `name`: its bytes first (under `output.name`, unless `output` names
   * bytes stored already), then the record that points at them. Nothing is stored when the run
   * read a file changed within the racy window before it began (`window`).
   */
  writeAnswer(name: string, answer: AnswerToStore, window: ReadWindow): Stored {
    if (isRacy(window)) return { stored: false, problems: [] };
    let output: OutputRef;
    if ("chunks" in answer.output) {
      const fingerprint = `${window.startedAt}-${fnv1a64(JSON.stringify(answer.asked))}`;
      const problems = this.outputs.writeOutput(answer.output.name, fingerprint, answer.output.chunks);
      if (problems.length > 0) return { stored: false, problems };
      output = { name: answer.output.name, fingerprint };
    } else output = answer.output;
    const record: StoredAnswer = { asked: answer.asked, reads: answer.reads, output, exit: answer.exit };
    const problems = this.outputs.writeOutput(name, ANSWER_FORM, [JSON.stringify(record)]);
    return { stored: problems.length === 0, problems };
  }

  /** The bytes stored under `name` for exactly this look, unless the look is racy. */
  readLooked(name: string, look: Look): Buffer | undefined {
    return isRacy(look) ? undefined : this.outputs.readOutput(name, look.fingerprint);
  }

  /** Stores bytes under `name` for this look; a racy look stores nothing. */
  writeLooked(name: string, look: Look, chunks: readonly (string | Uint8Array)[]): Stored {
    if (isRacy(look)) return { stored: false, problems: [] };
    const problems = this.outputs.writeOutput(name, look.fingerprint, chunks);
    return { stored: problems.length === 0, problems };
  }
}

/**
 * The output store of a key.
 *
 * @example
 * const store = openOutputStore({ key, env, home, version });
 * const replay = store.readAnswer("doctor-record", { env: process.env, asked });
 * if (replay) process.stdout.write(replay.bytes);
 */
export function openOutputStore(options: OpenOutputsOptions): OutputStore {
  return new OutputStore(options);
}
