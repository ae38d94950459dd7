import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The docs name files of this repository that exist, and no file of one machine. A repository path
 * is a `code span` or a link target starting with one of the repository's top-level entries
 * (`packages/db/src/owners.ts`, `[roles](roles.md)`); one with a placeholder (`<domain>`, `*`, `{id}`,
 * `…`) names a pattern, not a file, and one git ignores (`bench/results/latest.md`) is an output.
 */

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const DOCUMENTS = [
  "README.md",
  ...readdirSync(join(ROOT, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`),
];
const TOP_LEVEL = new Set(readdirSync(ROOT).filter((name) => !["node_modules", ".git"].includes(name)));
const PLACEHOLDER = /[<>*{}…]/;
const MACHINE_PATH = /(?:^|[\s`"'(=])(\/(?:work|home|tmp|Users|root|var|mnt)\/[^\s`"')]*)/g;

/** A relative path as written, stripped of a `:line` suffix, an `#anchor` and a trailing slash. */
const cleaned = (path: string) =>
  path
    .replace(/#.*$/, "")
    .replace(/:\d+(?::\d+)?$/, "")
    .replace(/\/$/, "");

const namedPaths = (document: string, markdown: string): string[] => {
  const spans = [...markdown.matchAll(/`([^`\n]+)`/g)].map((match) => match[1]!.trim());
  const fromSpans = spans.filter(
    (span) => !span.includes(" ") && TOP_LEVEL.has(span.split("/")[0]!) && span.includes("/"),
  );
  const links = [...markdown.replaceAll(/`[^`\n]*`/g, "").matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1]!)
    .filter((target) => !/^[a-z]+:/.test(target) && !target.startsWith("#"))
    .map((target) => normalize(join(dirname(document), target)));
  return [...new Set([...fromSpans, ...links].map(cleaned))].filter(
    (path) => path && !PLACEHOLDER.test(path),
  );
};

const ignored = (path: string) => {
  try {
    execFileSync("git", ["check-ignore", "-q", path], { cwd: ROOT });
    return true;
  } catch {
    return false;
  }
};

describe("paths the docs name", () => {
  it.each(DOCUMENTS)("%s names only files of the repository that exist", (document) => {
    const markdown = readFileSync(join(ROOT, document), "utf8");
    const missing = namedPaths(document, markdown).filter(
      (path) => !existsSync(join(ROOT, path)) && !ignored(path),
    );
    expect(missing).toEqual([]);
  });

  it.each(DOCUMENTS)("%s names no absolute path of one machine", (document) => {
    const markdown = readFileSync(join(ROOT, document), "utf8");
    expect([...markdown.matchAll(MACHINE_PATH)].map((match) => match[1])).toEqual([]);
  });
});
