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
  /** Relative to the repository root. */
  path: string;
  text: string;
  /** A test or a test fixture, not shipped code. */
  isTest: boolean;
}

const walk = (dir: string, out: string[]): string[] => {
  for (const entry of readdirSync(dir)) {
    if (entry === "node_modules" || entry === "generated" || entry.startsWith(".")) continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (/\.(ts|mts)$/.test(entry) && !entry.endsWith(".d.ts")) out.push(path);
  }
  return out;
};

/** Packages that hold test code only: fixtures (`testing`) and the gates every endpoint passes (`reliability`). */
const TEST_PACKAGES = ["testing", "reliability"];

export const sourceFiles = (pkg: WorkspacePackage): SourceFile[] =>
  walk(join(ROOT, pkg.dir), []).map((absolute) => {
    const path = relative(ROOT, absolute);
    const inPackage = relative(pkg.dir, path);
    return {
      path,
      text: readFileSync(absolute, "utf8"),
      isTest:
        /\.test\.ts$/.test(path) || /^(test|bench)\//.test(inPackage) || TEST_PACKAGES.includes(pkg.name),
    };
  });

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

export type WriteKind = "insert" | "update" | "delete";

export interface TableWrite {
  /** A drizzle table export name (`orderItems`) or, from raw SQL, a table name (`order_items`). */
  target: string;
  fromSql: boolean;
  kind: WriteKind;
  line: number;
}

const WRITE_METHODS: ReadonlySet<string> = new Set(["insert", "update", "delete"]);
const RAW_WRITE = /\b(insert\s+into|update|delete\s+from)\s+"?([a-z_][a-z0-9_]*)"?/gi;

/**
 * Every `x.insert(t)`, `x.update(t)`, `x.delete(t)` whose argument is a table imported from
 * `@tally/db` (under whatever local name), and every `insert into` / `update` / `delete from` in
 * a `sql` template. In `packages/db` itself, tables are named as the schema exports them.
 */
export const tableWritesOf = (file: SourceFile, inDbPackage: boolean): TableWrite[] => {
  const source = ts.createSourceFile(file.path, file.text, ts.ScriptTarget.Latest, true);
  const dbImports = new Map<string, string>();
  const writes: TableWrite[] = [];
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
  const visit = (node: ts.Node): void => {
    if (
      ts.isImportDeclaration(node) &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      node.moduleSpecifier.text === "@tally/db"
    ) {
      const bindings = node.importClause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings))
        for (const element of bindings.elements)
          dbImports.set(element.name.text, (element.propertyName ?? element.name).text);
    }
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      WRITE_METHODS.has(node.expression.name.text) &&
      node.arguments.length === 1 &&
      node.arguments[0] &&
      ts.isIdentifier(node.arguments[0])
    ) {
      const local = node.arguments[0].text;
      const target = inDbPackage ? local : dbImports.get(local);
      if (target)
        writes.push({
          target,
          fromSql: false,
          kind: node.expression.name.text as WriteKind,
          line: lineOf(node),
        });
    }
    if (ts.isTaggedTemplateExpression(node) && node.tag.getText(source) === "sql") {
      for (const match of node.template.getText(source).matchAll(RAW_WRITE)) {
        const verb = (match[1] ?? "").toLowerCase();
        writes.push({
          target: match[2] ?? "",
          fromSql: true,
          kind: verb.startsWith("insert") ? "insert" : verb.startsWith("delete") ? "delete" : "update",
          line: lineOf(node),
        });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return writes;
};

const MUTABLE_CONSTRUCTORS: ReadonlySet<string> = new Set(["Map", "Set", "WeakMap", "WeakSet"]);

/**
 * Module-level state a runtime could share with another: a top-level `let`/`var`, or a top-level
 * `const` holding an empty array or a new Map/Set (a registry filled later). A `ReadonlySet` /
 * `ReadonlyMap` / `readonly` array annotation marks a constant table and is allowed.
 */
export const moduleStateOf = (file: SourceFile): { name: string; line: number }[] => {
  const source = ts.createSourceFile(file.path, file.text, ts.ScriptTarget.Latest, true);
  const found: { name: string; line: number }[] = [];
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const flags = statement.declarationList.flags;
    const isConst = (flags & ts.NodeFlags.Const) !== 0;
    for (const declaration of statement.declarationList.declarations) {
      const type = declaration.type?.getText(source) ?? "";
      const init = declaration.initializer;
      const registry =
        init !== undefined &&
        !/^(Readonly|readonly )/.test(type) &&
        ((ts.isArrayLiteralExpression(init) && init.elements.length === 0) ||
          (ts.isNewExpression(init) && MUTABLE_CONSTRUCTORS.has(init.expression.getText(source))));
      if (!isConst || registry)
        found.push({
          name: declaration.name.getText(source),
          line: source.getLineAndCharacterOfPosition(declaration.getStart()).line + 1,
        });
    }
  }
  return found;
};

/** Names that mark a runtime dependency: they belong in an operation's first argument, the context. */
const DEPENDENCY_NAMES: ReadonlySet<string> = new Set([
  "clock",
  "now",
  "events",
  "bus",
  "deps",
  "providers",
  "payments",
  "logger",
  "chain",
  "processor",
]);

/** Wiring functions extend their first argument (`registerXHandlers(bus, deps)`, `mountX(api, deps)`). */
const WIRING = /^(register|mount)[A-Z]/;
/** Presenters turn a row into a response (`toProduct(row)`, `presentDiscountCode(row, now)`). */
const PRESENTER = /^(to|present)[A-Z]/;

export interface SignatureBreach {
  name: string;
  line: number;
  reason: string;
}

/**
 * Exported operations that break the calling convention (docs/contributing.md §4):
 * `operation(context, scope?, input?)` with at most three parameters, and runtime dependencies
 * (clock, the moment, events, ports) only in the first, the context.
 */
export const signatureBreachesOf = (file: SourceFile): SignatureBreach[] => {
  const source = ts.createSourceFile(file.path, file.text, ts.ScriptTarget.Latest, true);
  const breaches: SignatureBreach[] = [];
  const check = (name: string, node: ts.SignatureDeclarationBase) => {
    if (WIRING.test(name)) return;
    const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
    const parameters = node.parameters.map((parameter) => parameter.name.getText(source));
    if (parameters.length > 3) breaches.push({ name, line, reason: `${parameters.length} parameters` });
    parameters.forEach((parameter, index) => {
      if (index > 0 && DEPENDENCY_NAMES.has(parameter) && !PRESENTER.test(name))
        breaches.push({
          name,
          line,
          reason: `\`${parameter}\` is parameter ${index + 1}, not in the context`,
        });
    });
  };
  for (const statement of source.statements) {
    const exported = ts.canHaveModifiers(statement)
      ? ts.getModifiers(statement)?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)
      : false;
    if (!exported) continue;
    if (ts.isFunctionDeclaration(statement) && statement.name) check(statement.name.text, statement);
    if (ts.isVariableStatement(statement))
      for (const declaration of statement.declarationList.declarations) {
        const init = declaration.initializer;
        if (init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init)))
          check(declaration.name.getText(source), init);
      }
  }
  return breaches;
};
