/**
 * The shell walkthroughs of the docs, as one bash script per document.
 *
 * Every ```sh or ```bash block of a document is a step of its walkthrough, run in order in one bash
 * session, so a step reads what an earlier one set (`KEY=$(jq ...)`). A block that is not a step
 * (a command reference, a deployment recipe) opts out with the line just above its fence:
 *
 *     <!-- walkthrough: skip: <why> -->
 *
 * A block in another language (a TypeScript client) joins the walkthrough when the line above it says
 * where the reader saves it; the step writes the file there, and a later shell step runs it:
 *
 *     <!-- walkthrough: save-as: <path from the repository root> -->
 *
 * The one change made to the text: the documented address `http://127.0.0.1:3000` becomes the
 * address of the server under test (which listens on a free port).
 */

export interface WalkthroughBlock {
  /** 1-based line of the opening fence in the document. */
  line: number;
  /** The block as the document shows it. */
  source: string;
  /** What the step runs: a shell block itself, or the writing of a saved file. */
  command: string;
  /** Why the block is not a step of the walkthrough, when it opts out. */
  skip?: string;
}

const FENCE = /^\s*```(\w*)\s*$/;
const SKIP = /^<!--\s*walkthrough:\s*skip(?::\s*(.*?))?\s*-->$/;
const SAVE_AS = /^<!--\s*walkthrough:\s*save-as:\s*(\S+)\s*-->$/;
export const DOCUMENTED_ORIGIN = "http://127.0.0.1:3000";
const MARKER = "@@walkthrough-block";

const savingStep = (path: string, source: string) =>
  `mkdir -p "$(dirname '${path}')" && cat > '${path}' <<'WALKTHROUGH_FILE'\n${source}\nWALKTHROUGH_FILE`;

export const walkthroughBlocks = (markdown: string): WalkthroughBlock[] => {
  const lines = markdown.split("\n");
  const blocks: WalkthroughBlock[] = [];
  for (let index = 0; index < lines.length; index++) {
    const language = FENCE.exec(lines[index]!)?.[1];
    if (language === undefined) continue;
    const end = lines.findIndex((line, at) => at > index && line.trim().startsWith("```"));
    if (end < 0) throw new Error(`unclosed code fence at line ${index + 1}`);
    const line = index + 1;
    const source = lines.slice(index + 1, end).join("\n");
    const marker =
      lines
        .slice(0, index)
        .findLast((text) => text.trim() !== "")
        ?.trim() ?? "";
    const skip = SKIP.exec(marker);
    if (skip && !skip[1]) throw new Error(`the skip marker above line ${line} gives no reason`);
    const saveAs = SAVE_AS.exec(marker)?.[1];
    if (language === "sh" || language === "bash") {
      blocks.push({ line, source, command: source, ...(skip ? { skip: skip[1] } : {}) });
    } else if (saveAs) {
      blocks.push({ line, source, command: savingStep(saveAs, source) });
    }
    index = end;
  }
  return blocks;
};

/**
 * One bash script running the steps in order, stopping at the first failing command; before each
 * step it prints a marker so the output can be split by step.
 */
export const walkthroughScript = (steps: WalkthroughBlock[], origin: string): string =>
  [
    "set -euo pipefail",
    ...steps.flatMap((step, index) => [
      `printf '\\n${MARKER} %d@@\\n' ${index}`,
      step.command.replaceAll(DOCUMENTED_ORIGIN, origin),
    ]),
  ].join("\n");

/** The output of each step, by its index among the steps. */
const outputByStep = (output: string): Map<number, string> => {
  const parts = output.split(new RegExp(`\\n?${MARKER} (\\d+)@@\\n`));
  const byStep = new Map<number, string>();
  for (let at = 1; at < parts.length; at += 2) byStep.set(Number(parts[at]), parts[at + 1] ?? "");
  return byStep;
};

/** What a failed run reports: the block that failed (the last one started), as written, and its output. */
export const failureReport = (steps: WalkthroughBlock[], output: string, code: number | null): string => {
  const byStep = outputByStep(output);
  const failed = Math.max(...byStep.keys());
  const step = steps[failed];
  if (!step) return `the walkthrough failed before its first block (exit ${code}):\n${output}`;
  return `the block at line ${step.line} failed (exit ${code}):\n${step.source}\n--- its output ---\n${byStep.get(failed)}`;
};
