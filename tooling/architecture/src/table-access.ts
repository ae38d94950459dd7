import ts from "typescript";
import { lineOf, unwrap } from "./syntax.ts";
import { type SourceFile, syntaxOf } from "./workspace.ts";

export type AccessKind = "insert" | "update" | "delete" | "read";

export interface TableAccess {
  /** The SQL name of the table (`order_items`). */
  table: string;
  kind: AccessKind;
  line: number;
}

/** The schema's tables: drizzle export name -> SQL name. */
export type SchemaTables = ReadonlyMap<string, string>;

const SCHEMA_DIR = "/packages/db/src/schema/";
const WRITE_METHODS: ReadonlySet<string> = new Set(["insert", "update", "delete"]);
const READ_METHODS: ReadonlySet<string> = new Set([
  "from",
  "innerJoin",
  "leftJoin",
  "rightJoin",
  "fullJoin",
  "crossJoin",
  "innerJoinLateral",
  "leftJoinLateral",
  "crossJoinLateral",
  "$count",
]);
const RELATIONAL_QUERIES: ReadonlySet<string> = new Set(["findFirst", "findMany"]);
/** `rowFinder(t, what)` builds a query of `t` (a read) wherever its finder is called. */
const ROW_FINDER = "rowFinder";
/** A table named in SQL text, and the word before it that says what is done to it. */
const RAW_TABLE = /\b(insert\s+into|delete\s+from|update|from|join)\s+"?([a-z_][a-z0-9_]*)"?/gi;
/** SQL text that ends where an interpolated table goes. */
const BEFORE_TABLE = /\b(insert\s+into|delete\s+from|update|from|join)\s*"?$/i;

const kindOf = (verb: string): AccessKind => {
  const word = verb.toLowerCase();
  if (word.startsWith("insert")) return "insert";
  if (word.startsWith("delete")) return "delete";
  if (word === "update") return "update";
  return "read";
};

/** The module an import declaration (of a named or namespace import) reads from. */
const importedFrom = (declaration: ts.Declaration): string | undefined => {
  let node: ts.Node | undefined = declaration;
  while (node && !ts.isImportDeclaration(node)) node = node.parent;
  return node && ts.isStringLiteral(node.moduleSpecifier) ? node.moduleSpecifier.text : undefined;
};

const fromDbPackage = (declaration: ts.Declaration): boolean =>
  /^@tally\/db(\/|$)/.test(importedFrom(declaration) ?? "");

/**
 * Which tables an expression can be, found by the checker: through named and namespace imports of
 * `@tally/db` or any subpath, re-exports, `import { x as y }` and `const t = table`, down to the
 * declaration in packages/db/src/schema. An import the program cannot resolve (a subpath the package
 * does not export) still counts when it comes from `@tally/db` and names a table.
 */
export const tableResolver = (program: ts.Program, tables: SchemaTables) => {
  const checker = program.getTypeChecker();
  const tableOfDeclaration = (declaration: ts.Declaration | undefined): string | undefined => {
    if (!declaration || !ts.isVariableDeclaration(declaration) || !ts.isIdentifier(declaration.name))
      return undefined;
    if (!declaration.getSourceFile().fileName.includes(SCHEMA_DIR)) return undefined;
    return tables.get(declaration.name.text);
  };
  const resolve = (expression: ts.Expression, depth = 0): string[] => {
    const node = unwrap(expression);
    if (depth > 8) return [];
    if (ts.isConditionalExpression(node))
      return [...resolve(node.whenTrue, depth + 1), ...resolve(node.whenFalse, depth + 1)];
    const name = ts.isIdentifier(node) ? node : ts.isPropertyAccessExpression(node) ? node.name : undefined;
    if (!name) return [];
    const local = checker.getSymbolAtLocation(name);
    if (!local) return ts.isPropertyAccessExpression(node) ? unresolvedNamespaceMember(node) : [];
    const symbol = local.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(local) : local;
    const declaration = symbol.valueDeclaration ?? symbol.declarations?.[0];
    const table = tableOfDeclaration(declaration);
    if (table) return [table];
    if (local.flags & ts.SymbolFlags.Alias && !declaration) return unresolvedImport(local);
    if (
      declaration &&
      ts.isVariableDeclaration(declaration) &&
      declaration.initializer &&
      ts.getCombinedNodeFlags(declaration) & ts.NodeFlags.Const
    )
      return resolve(declaration.initializer, depth + 1);
    return [];
  };
  /** `import { orders as o } from "@tally/db/unexported"`: the name it imports. */
  const unresolvedImport = (local: ts.Symbol): string[] => {
    const declaration = local.declarations?.[0];
    if (!declaration || !ts.isImportSpecifier(declaration) || !fromDbPackage(declaration)) return [];
    const table = tables.get((declaration.propertyName ?? declaration.name).text);
    return table ? [table] : [];
  };
  /** `db.orders` with `import * as db` from a `@tally/db` subpath the program cannot resolve. */
  const unresolvedNamespaceMember = (access: ts.PropertyAccessExpression): string[] => {
    if (!ts.isIdentifier(access.expression)) return [];
    const declaration = checker.getSymbolAtLocation(access.expression)?.declarations?.[0];
    if (!declaration || !ts.isNamespaceImport(declaration) || !fromDbPackage(declaration)) return [];
    const table = tables.get(access.name.text);
    return table ? [table] : [];
  };
  return resolve;
};

const rawTables = (text: string, tableNames: ReadonlySet<string>): { table: string; kind: AccessKind }[] =>
  [...text.matchAll(RAW_TABLE)]
    .map((match) => ({ table: match[2] ?? "", kind: kindOf(match[1] ?? "") }))
    .filter(({ table }) => tableNames.has(table));

const isSqlTag = (tag: ts.Expression): boolean =>
  (ts.isIdentifier(tag) && tag.text === "sql") ||
  (ts.isPropertyAccessExpression(tag) && tag.name.text === "sql");

/** `sql.raw(text)`: the SQL text it is given. */
const rawSqlText = (call: ts.CallExpression): string | undefined => {
  const callee = call.expression;
  const argument = call.arguments[0];
  if (!ts.isPropertyAccessExpression(callee) || callee.name.text !== "raw" || !isSqlTag(callee.expression))
    return undefined;
  if (!argument) return undefined;
  if (ts.isStringLiteralLike(argument)) return argument.text;
  if (ts.isTemplateExpression(argument))
    return [argument.head.text, ...argument.templateSpans.map((span) => span.literal.text)].join(" ");
  return undefined;
};

/**
 * Every table a file reads or writes: `x.insert/update/delete(t)` (writes), `x.from(t)`, joins,
 * `x.$count(t)`, `x.query.t.findFirst/findMany` and `rowFinder(t, …)` (reads), a table interpolated into a `sql`
 * template after `insert into`, `update`, `delete from`, `from` or `join`, and the same words
 * before a table's SQL name in `sql` templates and `sql.raw` text.
 */
export const tableAccessesOf = (
  program: ts.Program,
  tables: SchemaTables,
  file: SourceFile,
): TableAccess[] => {
  const resolve = tableResolver(program, tables);
  const tableNames = new Set(tables.values());
  const accesses: TableAccess[] = [];
  const add = (found: { table: string; kind: AccessKind }[], node: ts.Node) => {
    for (const { table, kind } of found) accesses.push({ table, kind, line: lineOf(node) });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.arguments[0]) {
      const method = node.expression.name.text;
      if (WRITE_METHODS.has(method) || READ_METHODS.has(method)) {
        const kind = WRITE_METHODS.has(method) ? (method as AccessKind) : "read";
        add(
          resolve(node.arguments[0]).map((table) => ({ table, kind })),
          node,
        );
      }
    }
    if (ts.isCallExpression(node) && node.arguments[0]) {
      const callee = node.expression;
      const name = ts.isIdentifier(callee)
        ? callee.text
        : ts.isPropertyAccessExpression(callee) && callee.name.text;
      if (name === ROW_FINDER)
        add(
          resolve(node.arguments[0]).map((table) => ({ table, kind: "read" as const })),
          node,
        );
    }
    if (ts.isCallExpression(node)) {
      const text = rawSqlText(node);
      if (text !== undefined) add(rawTables(text, tableNames), node);
    }
    if (
      ts.isPropertyAccessExpression(node) &&
      RELATIONAL_QUERIES.has(node.name.text) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ts.isPropertyAccessExpression(node.expression.expression) &&
      node.expression.expression.name.text === "query"
    ) {
      const table = tables.get(node.expression.name.text);
      if (table) add([{ table, kind: "read" }], node);
    }
    if (ts.isTaggedTemplateExpression(node) && isSqlTag(node.tag)) {
      const template = node.template;
      if (ts.isNoSubstitutionTemplateLiteral(template)) add(rawTables(template.text, tableNames), node);
      else {
        let before = template.head.text;
        add(rawTables(before, tableNames), node);
        for (const span of template.templateSpans) {
          const verb = before.match(BEFORE_TABLE)?.[1];
          if (verb)
            add(
              resolve(span.expression).map((table) => ({ table, kind: kindOf(verb) })),
              span.expression,
            );
          before = span.literal.text;
          add(rawTables(before, tableNames), node);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(syntaxOf(program, file));
  return accesses;
};
