import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import ts from "typescript";

export const ROOT = resolve(import.meta.dirname, "../../..");

export interface WorkspacePackage {
  /** `core` for `@tally/core`. */
  name: string;
  /** Relative to the repository root, e.g. `packages/core`. */
  dir: string;
  dependencies: string[];
  devDependencies: string[];
}

const WORKSPACE_DIRS = ["apps", "packages", "tooling"];

const readJson = (path: string): Record<string, unknown> => JSON.parse(readFileSync(path, "utf8"));

export const workspacePackages = (): WorkspacePackage[] => {
  const dirs = [
    ...WORKSPACE_DIRS.flatMap((group) => readdirSync(join(ROOT, group)).map((entry) => join(group, entry))),
    "bench",
    "reliability",
  ].filter((dir) => existsSync(join(ROOT, dir, "package.json")));
  return dirs.map((dir) => {
    const manifest = readJson(join(ROOT, dir, "package.json"));
    const names = (field: string) => Object.keys((manifest[field] as Record<string, string>) ?? {});
    return {
      name: String(manifest.name).replace(/^@tally\//, ""),
      dir,
      dependencies: names("dependencies"),
      devDependencies: names("devDependencies"),
    };
  });
};

export interface SourceFile {
  /** Relative to the repository root; for a fixture, the path it stands for. */
  path: string;
  /** Where the file is on disk. */
  absolute: string;
  text: string;
  /** A test or a test fixture, not shipped code. */
  isTest: boolean;
}

const walk = (dir: string, out: string[]): string[] => {
  for (const entry of readdirSync(dir)) {
    if (entry === "node_modules" || entry === "generated" || entry.startsWith(".")) continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (/\.(ts|mts)$/.test(entry) && !/\.(d|fixture)\.ts$/.test(entry)) out.push(path);
  }
  return out;
};

/** Packages that hold test code only: fixtures (`testing`) and the gates every endpoint passes (`reliability`). */
const TEST_PACKAGES = ["testing", "reliability"];

const isTestPath = (pkg: WorkspacePackage, path: string): boolean =>
  /\.test\.ts$/.test(path) ||
  /^(test|bench)\//.test(relative(pkg.dir, path)) ||
  TEST_PACKAGES.includes(pkg.name);

export const sourceFiles = (pkg: WorkspacePackage): SourceFile[] =>
  walk(join(ROOT, pkg.dir), []).map((absolute) => {
    const path = relative(ROOT, absolute);
    return { path, absolute, text: readFileSync(absolute, "utf8"), isTest: isTestPath(pkg, path) };
  });

/** The package a repository path lies in (`payments` for packages/payments/src/x.ts). */
export const packageAt = (packages: WorkspacePackage[], path: string): WorkspacePackage => {
  const known = packages.find((pkg) => path.startsWith(`${pkg.dir}/`));
  if (known) return known;
  const dir = path.split("/").slice(0, 2).join("/");
  return { name: dir.split("/")[1] ?? dir, dir, dependencies: [], devDependencies: [] };
};

const FIXTURES = join(import.meta.dirname, "fixtures");

/**
 * A rule's deliberately wrong files, `src/fixtures/<rule>/<repository path>` with `.fixture.ts` for
 * `.ts`: each is read as the repository file it mirrors (packages/payments/src/x/y.fixture.ts stands
 * for packages/payments/src/x/y.ts). The workspace scan, tsc and biome skip `*.fixture.ts`.
 */
export const fixtureFiles = (packages: WorkspacePackage[], rule: string): SourceFile[] =>
  walkFixtures(join(FIXTURES, rule)).map((absolute) => {
    const path = relative(join(FIXTURES, rule), absolute).replace(/\.fixture\.ts$/, ".ts");
    return {
      path,
      absolute,
      text: readFileSync(absolute, "utf8"),
      isTest: isTestPath(packageAt(packages, path), path),
    };
  });

const walkFixtures = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((entry) => entry.endsWith(".fixture.ts"))
    .sort()
    .map((entry) => join(dir, entry));

/**
 * One program over the given files in which workspace imports resolve to their source and every
 * other import (node_modules) stays unresolved, without the standard library: enough for the checker
 * to follow a name through imports, re-exports and aliases to its declaration, in a few seconds.
 */
export const workspaceProgram = (absolutePaths: string[]): ts.Program => {
  const options: ts.CompilerOptions = {
    noLib: true,
    types: [],
    noEmit: true,
    allowImportingTsExtensions: true,
    module: ts.ModuleKind.Preserve,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.Latest,
  };
  const host = ts.createCompilerHost(options, true);
  const cache = ts.createModuleResolutionCache(ROOT, (name) => name, options);
  host.resolveModuleNameLiterals = (literals, containingFile) =>
    literals.map((literal) => {
      const resolved = ts.resolveModuleName(
        literal.text,
        containingFile,
        options,
        host,
        cache,
      ).resolvedModule;
      const inWorkspace = resolved && !resolved.resolvedFileName.includes("/node_modules/");
      return { resolvedModule: inWorkspace ? { ...resolved, isExternalLibraryImport: false } : undefined };
    });
  return ts.createProgram({ rootNames: absolutePaths, options, host });
};

/** The syntax tree of a file of the program. */
export const syntaxOf = (program: ts.Program, file: SourceFile): ts.SourceFile => {
  const source = program.getSourceFile(file.absolute);
  if (!source) throw new Error(`${file.path} is not in the program`);
  return source;
};

/** The module specifiers a file imports or re-exports (static and dynamic). */
export const importsOf = (file: SourceFile): string[] =>
  ts.preProcessFile(file.text, true, true).importedFiles.map((imported) => imported.fileName);

/** `@tally/db` for `@tally/db/sub`; undefined for anything not in the workspace. */
export const workspaceImport = (specifier: string): string | undefined =>
  specifier.match(/^@tally\/([^/]+)/)?.[1];

/** The bare package a specifier names (`drizzle-orm` for `drizzle-orm/pg-core`), or undefined for a path. */
export const packageOf = (specifier: string): string | undefined => {
  if (specifier.startsWith(".") || specifier.startsWith("node:") || specifier.startsWith("/"))
    return undefined;
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
};
