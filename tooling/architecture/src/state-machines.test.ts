import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as schema from "@tally/db";
import { getTableColumns, getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { OWNERSHIP_EXEMPT } from "./layers.ts";
import { fixtureFiles, ROOT, type SourceFile, sourceFiles, workspacePackages } from "./workspace.ts";

/**
 * One writer per status column: a column a `defineStateMachine` declaration governs (`status`, or the
 * one its `column` names) is set only in the file of that declaration (where `stateMachineTable`
 * applies its moves). Anywhere else a write of it in `.update(t).set({...})`, `.insert(t).values({...})`,
 * `onConflictDoUpdate({ set })` or raw SQL is a second, undeclared way to move it.
 */

const schemaTables = Object.entries(schema).flatMap(([name, value]) =>
  is(value, PgTable) ? [[name, value as PgTable] as const] : [],
);
/** Schema export name -> SQL table name. */
const tablesByExport = new Map(schemaTables.map(([name, table]) => [name, getTableName(table)]));
/** SQL table name -> its columns, property name -> SQL column name. */
const columnsByTable = new Map(
  schemaTables.map(([, table]) => [
    getTableName(table),
    new Map(Object.entries(getTableColumns(table)).map(([key, column]) => [key, column.name])),
  ]),
);

const packages = workspacePackages();
const files = packages
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

const stringProperty = (object: ts.ObjectLiteralExpression, name: string): string | undefined => {
  const property = propertyNamed(object, name);
  return property && ts.isPropertyAssignment(property) && ts.isStringLiteral(property.initializer)
    ? property.initializer.text
    : undefined;
};

/** A column as the rule names it: `orders.shipping_status`. */
const columnId = (table: string, column: string) => `${table}.${column}`;

/** The column each `defineStateMachine({ table, column? })` call in the file governs (`status` unless named). */
const machineColumnsOf = (file: SourceFile): string[] => {
  const columns: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === "defineStateMachine"
    ) {
      const [declaration] = node.arguments;
      const table =
        declaration && ts.isObjectLiteralExpression(declaration)
          ? stringProperty(declaration, "table")
          : undefined;
      if (table && declaration && ts.isObjectLiteralExpression(declaration))
        columns.push(columnId(table, stringProperty(declaration, "column") ?? "status"));
    }
    ts.forEachChild(node, visit);
  };
  visit(parse(file));
  return columns;
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

const RAW_UPDATE = /\bupdate\s+"?([a-z_][a-z0-9_]*)"?\s+set\b([^;]*)/gis;
const RAW_INSERT = /\binsert\s+into\s+"?([a-z_][a-z0-9_]*)"?\s*\(([^)]*)\)/gis;
/** The names an SQL fragment assigns (`name =`, never `<=`, `>=`, `<>` or `!=`). */
const ASSIGNED = /\b([a-z_][a-z0-9_]*)"?\s*=/gi;

/** The columns raw SQL writes: `update t set a = ...` (from `set` on), `insert into t (a, b)`. */
const rawColumnWrites = (text: string): string[] => [
  ...[...text.matchAll(RAW_UPDATE)].flatMap(([, table = "", assignments = ""]) =>
    [...assignments.matchAll(ASSIGNED)].map(([, column = ""]) => columnId(table, column.toLowerCase())),
  ),
  ...[...text.matchAll(RAW_INSERT)].flatMap(([, table = "", names = ""]) =>
    names.split(",").map((name) => columnId(table, name.trim().replaceAll('"', "").toLowerCase())),
  ),
];

/** Every column the file writes, with the line: through the schema's tables, and in raw SQL. */
const columnWritesOf = (file: SourceFile): { column: string; line: number }[] => {
  const source = parse(file);
  const dbImports = new Map<string, string>();
  const writes: { column: string; line: number }[] = [];
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
      const table = tablesByExport.get(dbImports.get(argument.text) ?? "") ?? "";
      const columns = columnsByTable.get(table) ?? new Map<string, string>();
      // Walk the chain up: t.update(x).set({...}).where(...), t.insert(x).values({...}).onConflictDoUpdate(...).
      let link: ts.Node = node;
      while (ts.isPropertyAccessExpression(link.parent) && ts.isCallExpression(link.parent.parent)) {
        const call = link.parent.parent;
        for (const object of writtenObjects(call))
          for (const [key, column] of columns)
            if (propertyNamed(object, key))
              writes.push({ column: columnId(table, column), line: lineOf(source, object) });
        link = call;
      }
    }
    if (ts.isTaggedTemplateExpression(node) && node.tag.getText(source) === "sql")
      for (const column of rawColumnWrites(node.template.getText(source)))
        writes.push({ column, line: lineOf(source, node) });
    ts.forEachChild(node, visit);
  };
  visit(source);
  return writes;
};

/** `path:line sets <table>.<column>, governed by <machine file>` for each write outside the machine's file. */
const violationsIn = (candidates: SourceFile[], machineFiles: Map<string, string>): string[] =>
  candidates.flatMap((file) =>
    columnWritesOf(file).flatMap(({ column, line }) => {
      const owner = machineFiles.get(column);
      return owner && owner !== file.path
        ? [`${file.path}:${line} sets ${column}, governed by ${owner}`]
        : [];
    }),
  );

/** Governed column (`table.column`) -> the file of its machine. */
const machineFiles = (candidates: SourceFile[]): Map<string, string> =>
  new Map(candidates.flatMap((file) => machineColumnsOf(file).map((column) => [column, file.path] as const)));

/** How docs/state-machines.md introduces the machine of `table.column`. */
const docHeading = (column: string): string => {
  const [table, name] = column.split(".");
  return name === "status" ? `Table \`${table}\`,` : `Table \`${table}\`, column \`${name}\`,`;
};

describe("state machines", () => {
  const declared = files.flatMap((file) =>
    machineColumnsOf(file).map((column) => ({ column, path: file.path })),
  );
  const governed = machineFiles(files);

  it("declares one machine per column and per file", () => {
    expect(declared.length).toBeGreaterThan(0);
    expect(declared.length).toBe(governed.size);
    const paths = declared.map((machine) => machine.path);
    expect(paths.filter((path, index) => paths.indexOf(path) !== index)).toEqual([]);
  });

  it("lets only a machine's own file set its column", () => {
    expect(violationsIn(files, governed)).toEqual([]);
  });

  it("renders every declared machine in docs/state-machines.md (registered with its domain)", () => {
    const doc = readFileSync(join(ROOT, "docs/state-machines.md"), "utf8");
    expect(declared.filter(({ column }) => !doc.includes(docHeading(column)))).toEqual([]);
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
    expect(governedHere).toEqual(new Map([["orders.status", machine.path]]));
    expect(violationsIn([machine, wrong], governedHere)).toEqual([
      "packages/x/src/orders/elsewhere.ts:2 sets orders.status, governed by packages/x/src/orders/state.ts",
      "packages/x/src/orders/elsewhere.ts:3 sets orders.status, governed by packages/x/src/orders/state.ts",
      "packages/x/src/orders/elsewhere.ts:4 sets orders.status, governed by packages/x/src/orders/state.ts",
      "packages/x/src/orders/elsewhere.ts:5 sets orders.status, governed by packages/x/src/orders/state.ts",
    ]);
  });

  it("governs the column a machine names: a shipping status set outside its machine's file", () => {
    const fixtures = fixtureFiles(packages, "state-machines");
    const shippingMachine = "packages/commerce/src/orders/shipping-state.ts";
    const orderMachine = "packages/commerce/src/orders/state.ts";
    const governedHere = machineFiles(fixtures);
    expect(governedHere).toEqual(
      new Map([
        ["orders.shipping_status", shippingMachine],
        ["orders.status", orderMachine],
      ]),
    );
    expect(violationsIn(fixtures, governedHere)).toEqual([
      `${shippingMachine}:15 sets orders.status, governed by ${orderMachine}`,
      `packages/commerce/src/shipping/service.ts:5 sets orders.shipping_status, governed by ${shippingMachine}`,
      `packages/commerce/src/shipping/service.ts:8 sets orders.shipping_status, governed by ${shippingMachine}`,
    ]);
  });
});
