/**
 * The shell walkthroughs of the docs, as one bash script per document.
 *
 * Every ```sh or ```bash block of a document is a step of its walkthrough, run in order in one bash
 * session, so a step reads what an earlier one set (`KEY=$(jq ...)`). A block that is not a step
 * (a command reference, a deployment recipe) opts out with the line just above its fence:
 *
 *     <!-- walkthrough: skip: <why> -->
 *
 * The one change made to the text: the documented address `http://127.0.0.1:3000` becomes the
 * address of the server under test (which listens on a free port).
 */

export interface ShellBlock {
  /** 1-based line of the opening fence in the document. */
  line: number;
  source: string;
  /** Why the block is not a step of the walkthrough, when it opts out. */
  skip?: string;
}

const FENCE = /^\s*```(\w*)\s*$/;
const SKIP = /^<!--\s*walkthrough:\s*skip(?::\s*(.*?))?\s*-->$/;
export const DOCUMENTED_ORIGIN = "http://127.0.0.1:3000";
const MARKER = "@@walkthrough-block";

export const shellBlocks = (markdown: string): ShellBlock[] => {
  const lines = markdown.split("\n");
  const blocks: ShellBlock[] = [];
  for (let index = 0; index < lines.length; index++) {
    const language = FENCE.exec(lines[index]!)?.[1];
    if (language === undefined) continue;
    const end = lines.findIndex((line, at) => at > index && line.trim().startsWith("```"));
    if (end < 0) throw new Error(`unclosed code fence at line ${index + 1}`);
    if (language === "sh" || language === "bash") {
      const previous = lines.slice(0, index).findLast((line) => line.trim() !== "");
      const skip = previous === undefined ? undefined : SKIP.exec(previous.trim());
      if (skip && !skip[1]) throw new Error(`the skip marker above line ${index + 1} gives no reason`);
      blocks.push({
        line: index + 1,
        source: lines.slice(index + 1, end).join("\n"),
        ...(skip ? { skip: skip[1] } : {}),
      });
    }
    index = end;
  }
  return blocks;
};

/**
 * One bash script running the steps in order, stopping at the first failing command; before each
 * step it prints a marker so the output can be split by step.
 */
export const walkthroughScript = (steps: ShellBlock[], origin: string): string =>
  [
    "set -euo pipefail",
    ...steps.flatMap((step, index) => [
      `printf '\\n${MARKER} %d@@\\n' ${index}`,
      step.source.replaceAll(DOCUMENTED_ORIGIN, origin),
    ]),
  ].join("\n");

/** The output of each step, by its index among the steps. */
export const outputByStep = (output: string): Map<number, string> => {
  const parts = output.split(new RegExp(`\\n?${MARKER} (\\d+)@@\\n`));
  const byStep = new Map<number, string>();
  for (let at = 1; at < parts.length; at += 2) byStep.set(Number(parts[at]), parts[at + 1] ?? "");
  return byStep;
};
