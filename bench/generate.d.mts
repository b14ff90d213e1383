// Types of generate.mjs, for the TypeScript tests that build bench trees.
export declare const corpusDir: string;
export declare const PLUGINS: number;
export declare function corpusAgentTexts(): string[];
export declare function corpusFrontmatters(): string[];
export declare function syntheticAgent(i: number): string;
export declare function generateTree(
  root: string,
  n: number,
  options?: { corpus?: boolean },
): {
  files: number;
  names: Set<string>;
  folders: string[];
  editTarget: string | undefined;
  usedCorpus: boolean;
};
