import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as schema from "@tally/db";
import { getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { OWNERSHIP_EXEMPT } from "./layers.ts";
import { ROOT, type SourceFile, sourceFiles, workspacePackages } from "./workspace.ts";

/**
 * One writer per status column: a table whose status a `defineStateMachine` declaration governs
 * has its `status` set only in the file of that declaration (where `stateMachineTable` applies its
 * moves). Anywhere else a write of `status` in `.update(t).set({...})`, `.insert(t).values({...})`,
 * `onConflictDoUpdate({ set })` or raw SQL is a second, undeclared way to move it.
 */

/** Schema export name -> SQL table name. */
const tablesByExport = new Map(
  Object.entries(schema)
    .filter(([, value]) => is(value, PgTable))
    .map(([name, table]) => [name, getTableName(table as PgTable)]),
);

const files = workspacePackages()
  .filter((pkg) => !OWNERSHIP_EXEMPT.includes(pkg.name))
  .flatMap((pkg) => sourceFiles(pkg))
  .filter((file) => !file.isTest);

const parse = (file: SourceFile) => ts.createSourceFile(file.path, file.text, ts.ScriptTarget.Latest, true);

const lineOf = (source: ts.SourceFile, node: ts.Node) =>
  source.getLineAndCharacterOfPosition(node.getStart()).line + 1;

const propertyNamed = (object: ts.ObjectLiteralExpression, name: string) =>
  object.properties.find(
    (property) =>
      (ts.isPropertyAssignment(property) || ts.isShorthandPropertyAssignment(property)) &&
      property.name.getText() === name,
  );

/** The table a `defineStateMachine({ table: "..." })` call in the file declares, per call. */
const machineTablesOf = (file: SourceFile): string[] => {
  const tables: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === "defineStateMachine"
    ) {
      const [declaration] = node.arguments;
      const table =
        declaration && ts.isObjectLiteralExpression(declaration)
          ? propertyNamed(declaration, "table")
          : undefined;
      if (table && ts.isPropertyAssignment(table) && ts.isStringLiteral(table.initializer))
        tables.push(table.initializer.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(parse(file));
  return tables;
};

/** Object literals written by a write chain: `.set(o)`, `.values(o | [o])`, `.onConflictDoUpdate({ set: o })`. */
const writtenObjects = (call: ts.CallExpression): ts.ObjectLiteralExpression[] => {
  if (!ts.isPropertyAccessExpression(call.expression)) return [];
  const [argument] = call.arguments;
  if (!argument) return [];
  const method = call.expression.name.text;
  const objects = ts.isArrayLiteralExpression(argument) ? [...argument.elements] : [argument];
  const literals = objects.filter(ts.isObjectLiteralExpression);
  if (method === "set" || method === "values") return literals;
  if (method === "onConflictDoUpdate")
    return literals.flatMap((options) => {
      const set = propertyNamed(options, "set");
      return set && ts.isPropertyAssignment(set) && ts.isObjectLiteralExpression(set.initializer)
        ? [set.initializer]
        : [];
    });
  return [];
};

const RAW_STATUS_WRITE =
  /\b(?:update\s+"?([a-z_][a-z0-9_]*)"?\s+set\b[^;]*?\bstatus\s*=|insert\s+into\s+"?([a-z_][a-z0-9_]*)"?\s*\([^)]*\bstatus\b)/gis;

/** Every write of a `status` column in the file: the SQL table and the line. */
const statusWritesOf = (file: SourceFile): { table: string; line: number }[] => {
  const source = parse(file);
  const dbImports = new Map<string, string>();
  const writes: { table: string; line: number }[] = [];
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
    const [argument] = ts.isCallExpression(node) ? node.arguments : [];
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ["update", "insert"].includes(node.expression.name.text) &&
      node.arguments.length === 1 &&
      argument &&
      ts.isIdentifier(argument)
    ) {
      const table = tablesByExport.get(dbImports.get(argument.text) ?? "");
      // Walk the chain up: t.update(x).set({...}).where(...), t.insert(x).values({...}).onConflictDoUpdate(...).
      let link: ts.Node = node;
      while (ts.isPropertyAccessExpression(link.parent) && ts.isCallExpression(link.parent.parent)) {
        const call = link.parent.parent;
        for (const object of writtenObjects(call))
          if (table && propertyNamed(object, "status")) writes.push({ table, line: lineOf(source, object) });
        link = call;
      }
    }
    if (ts.isTaggedTemplateExpression(node) && node.tag.getText(source) === "sql")
      for (const match of node.template.getText(source).matchAll(RAW_STATUS_WRITE))
        writes.push({ table: match[1] ?? match[2] ?? "", line: lineOf(source, node) });
    ts.forEachChild(node, visit);
  };
  visit(source);
  return writes;
};

/** `path:line sets <table>.status, governed by <machine file>` for each write outside the machine's file. */
const violationsIn = (candidates: SourceFile[], machineFiles: Map<string, string>): string[] =>
  candidates.flatMap((file) =>
    statusWritesOf(file).flatMap(({ table, line }) => {
      const owner = machineFiles.get(table);
      return owner && owner !== file.path
        ? [`${file.path}:${line} sets ${table}.status, governed by ${owner}`]
        : [];
    }),
  );

const machineFiles = (candidates: SourceFile[]): Map<string, string> =>
  new Map(candidates.flatMap((file) => machineTablesOf(file).map((table) => [table, file.path] as const)));

describe("state machines", () => {
  const declared = files.flatMap((file) =>
    machineTablesOf(file).map((table) => ({ table, path: file.path })),
  );
  const governed = machineFiles(files);

  it("declares one machine per table and per file", () => {
    expect(declared.length).toBeGreaterThan(0);
    expect(declared.length).toBe(governed.size);
    const paths = declared.map((machine) => machine.path);
    expect(paths.filter((path, index) => paths.indexOf(path) !== index)).toEqual([]);
  });

  it("lets only a machine's own file set its table's status", () => {
    expect(violationsIn(files, governed)).toEqual([]);
  });

  it("renders every declared machine in docs/state-machines.md (registered with its domain)", () => {
    const doc = readFileSync(join(ROOT, "docs/state-machines.md"), "utf8");
    expect(declared.filter(({ table }) => !doc.includes(`Table \`${table}\``))).toEqual([]);
  });

  it("catches a status set outside the machine's file, in a chain, an upsert and raw SQL", () => {
    const file = (path: string, text: string): SourceFile => ({ path, absolute: path, text, isTest: false });
    const machine = file(
      "packages/x/src/orders/state.ts",
      [
        'import { defineStateMachine } from "@tally/core";',
        'export const M = defineStateMachine({ name: "order", table: "orders", states: ["A"], initial: ["A"], moves: {} });',
        'export const move = (tx) => tx.update(orders).set({ status: "A" });',
      ].join("\n"),
    );
    const wrong = file(
      "packages/x/src/orders/elsewhere.ts",
      [
        'import { orders as o, products } from "@tally/db";',
        'export const a = (tx) => tx.update(o).set({ status: "PAID", updatedAt: now }).where(x);',
        "export const b = (tx, status) => tx.insert(o).values([{ id, status }]);",
        "export const c = (tx) => tx.insert(o).values({ id }).onConflictDoUpdate({ target: o.id, set: { status: 'OPEN' } });",
        "export const d = (tx) => tx.execute(sql`update orders set points = 0, status = 'PAID' where id = 'o1'`);",
        "export const e = (tx) => tx.update(o).set({ points: 0 });",
        'export const f = (tx) => tx.update(products).set({ status: "ARCHIVED" });',
      ].join("\n"),
    );
    const governedHere = machineFiles([machine, wrong]);
    expect(governedHere).toEqual(new Map([["orders", machine.path]]));
    expect(violationsIn([machine, wrong], governedHere)).toEqual([
      "packages/x/src/orders/elsewhere.ts:2 sets orders.status, governed by packages/x/src/orders/state.ts",
      "packages/x/src/orders/elsewhere.ts:3 sets orders.status, governed by packages/x/src/orders/state.ts",
      "packages/x/src/orders/elsewhere.ts:4 sets orders.status, governed by packages/x/src/orders/state.ts",
      "packages/x/src/orders/elsewhere.ts:5 sets orders.status, governed by packages/x/src/orders/state.ts",
    ]);
  });
});
