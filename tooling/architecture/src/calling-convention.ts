import ts from "typescript";
import { hasModifier, lineOf, unwrap } from "./syntax.ts";

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
/** The moment: read from the context's clock, never carried in an operation's input. */
const TIME_NAMES: ReadonlySet<string> = new Set(["now", "clock"]);

/** Wiring functions extend their first argument (`registerXHandlers(bus, deps)`, `mountX(api, deps)`). */
const WIRING = /^(register|mount)[A-Z]/;
/** Presenters turn a row into a response (`toProduct(row)`, `presentDiscountCode(row, now)`). */
const PRESENTER = /^(to|present)[A-Z]/;

export interface SignatureBreach {
  name: string;
  line: number;
  reason: string;
}

type FunctionNode = ts.SignatureDeclarationBase & ts.Node;

interface Operation {
  name: string;
  node: FunctionNode;
}

/** The functions a value is: itself, or the methods and function-valued properties of an object literal. */
const functionsOf = (name: string, value: ts.Node | undefined): Operation[] => {
  if (!value) return [];
  if (ts.isFunctionDeclaration(value)) return [{ name, node: value }];
  if (!ts.isExpression(value)) return [];
  const node = unwrap(value);
  if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) return [{ name, node }];
  if (!ts.isObjectLiteralExpression(node)) return [];
  return node.properties.flatMap((property) => {
    const member = `${name}.${property.name?.getText() ?? "?"}`;
    if (ts.isMethodDeclaration(property)) return [{ name: member, node: property }];
    if (ts.isPropertyAssignment(property)) return functionsOf(member, property.initializer);
    return [];
  });
};

/**
 * The operations a module exports, in every form: `export (async) function`, `export const f =`
 * an arrow or function expression or an object literal of methods, `export { local }` and
 * `export { local as name }`, and `export default`.
 */
const exportedOperationsOf = (source: ts.SourceFile): Operation[] => {
  const locals = new Map<string, ts.Node>();
  for (const statement of source.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name) locals.set(statement.name.text, statement);
    if (ts.isVariableStatement(statement))
      for (const declaration of statement.declarationList.declarations)
        if (ts.isIdentifier(declaration.name) && declaration.initializer)
          locals.set(declaration.name.text, declaration.initializer);
  }
  const operations: Operation[] = [];
  for (const statement of source.statements) {
    const exported = hasModifier(statement, ts.SyntaxKind.ExportKeyword);
    const isDefault = hasModifier(statement, ts.SyntaxKind.DefaultKeyword);
    if (exported && ts.isFunctionDeclaration(statement))
      operations.push(...functionsOf(isDefault ? "default" : (statement.name?.text ?? "default"), statement));
    if (exported && ts.isVariableStatement(statement))
      for (const declaration of statement.declarationList.declarations)
        operations.push(...functionsOf(declaration.name.getText(), declaration.initializer));
    if (ts.isExportDeclaration(statement) && !statement.moduleSpecifier && statement.exportClause)
      if (ts.isNamedExports(statement.exportClause))
        for (const element of statement.exportClause.elements)
          operations.push(
            ...functionsOf(element.name.text, locals.get((element.propertyName ?? element.name).getText())),
          );
    if (ts.isExportAssignment(statement) && !statement.isExportEquals) {
      const value = unwrap(statement.expression);
      operations.push(...functionsOf("default", ts.isIdentifier(value) ? locals.get(value.text) : value));
    }
  }
  return operations;
};

/** Every property name a destructuring pattern takes, at any depth. */
const destructuredNames = (pattern: ts.BindingName): string[] =>
  ts.isIdentifier(pattern)
    ? []
    : pattern.elements.flatMap((element) => {
        if (!ts.isBindingElement(element)) return [];
        const key =
          element.propertyName?.getText() ?? (ts.isIdentifier(element.name) ? element.name.text : "");
        return [...(ts.isObjectBindingPattern(pattern) ? [key] : []), ...destructuredNames(element.name)];
      });

/**
 * The property names of a parameter's declared type: an inline type literal, an intersection or
 * union of them, or an interface or type alias declared in the same file (with its `extends`).
 */
const typeMembers = (
  source: ts.SourceFile,
  type: ts.TypeNode | undefined,
  seen = new Set<string>(),
): string[] => {
  if (!type) return [];
  if (ts.isTypeLiteralNode(type)) return type.members.flatMap((member) => member.name?.getText() ?? []);
  if (ts.isIntersectionTypeNode(type) || ts.isUnionTypeNode(type))
    return type.types.flatMap((part) => typeMembers(source, part, seen));
  if (ts.isParenthesizedTypeNode(type)) return typeMembers(source, type.type, seen);
  return ts.isTypeReferenceNode(type) ? namedTypeMembers(source, type.typeName.getText(), seen) : [];
};

const namedTypeMembers = (source: ts.SourceFile, name: string, seen: Set<string>): string[] => {
  if (seen.has(name)) return [];
  seen.add(name);
  return source.statements.flatMap((statement) => {
    if (ts.isInterfaceDeclaration(statement) && statement.name.text === name)
      return [
        ...statement.members.flatMap((member) => member.name?.getText() ?? []),
        ...(statement.heritageClauses ?? []).flatMap((clause) =>
          clause.types.flatMap((base) => namedTypeMembers(source, base.expression.getText(), seen)),
        ),
      ];
    if (ts.isTypeAliasDeclaration(statement) && statement.name.text === name)
      return typeMembers(source, statement.type, seen);
    return [];
  });
};

/** The exported functions the convention applies to: all but wiring (`registerX`, `mountX`). */
const operationsOf = (source: ts.SourceFile): Operation[] =>
  exportedOperationsOf(source).filter(({ name }) => !WIRING.test(name.split(".").at(-1) ?? name));

const isPresenter = (name: string): boolean => PRESENTER.test(name.split(".").at(-1) ?? name);

/**
 * Exported operations that break the calling convention (docs/contributing.md §4):
 * `operation(context, scope?, input?)` with at most three parameters, and runtime dependencies
 * (clock, the moment, events, ports) only in the first, the context, neither as a later parameter
 * nor destructured from one.
 */
export const signatureBreachesOf = (source: ts.SourceFile): SignatureBreach[] =>
  operationsOf(source).flatMap(({ name, node }) => {
    const line = lineOf(node);
    const breaches: SignatureBreach[] = [];
    if (node.parameters.length > 3)
      breaches.push({ name, line, reason: `${node.parameters.length} parameters` });
    if (isPresenter(name)) return breaches;
    node.parameters.forEach((parameter, index) => {
      if (index === 0) return;
      if (ts.isIdentifier(parameter.name) && DEPENDENCY_NAMES.has(parameter.name.text))
        breaches.push({
          name,
          line,
          reason: `\`${parameter.name.text}\` is parameter ${index + 1}, not in the context`,
        });
      for (const key of destructuredNames(parameter.name))
        if (DEPENDENCY_NAMES.has(key) && !TIME_NAMES.has(key))
          breaches.push({
            name,
            line,
            reason: `\`${key}\` is inside parameter ${index + 1}, not in the context`,
          });
    });
    return breaches;
  });

/**
 * Operations that take the moment in their input: `now` or `clock` destructured from a parameter
 * after the first, or a property of that parameter's declared type. The context carries the clock.
 */
export const timeInInputOf = (source: ts.SourceFile): SignatureBreach[] =>
  operationsOf(source)
    .filter(({ name }) => !isPresenter(name))
    .flatMap(({ name, node }) =>
      node.parameters.flatMap((parameter, index) => {
        if (index === 0) return [];
        const destructured = destructuredNames(parameter.name).filter((key) => TIME_NAMES.has(key));
        const typed = typeMembers(source, parameter.type).filter(
          (key) => TIME_NAMES.has(key) && !destructured.includes(key),
        );
        return [
          ...destructured.map((key) => `\`${key}\` is destructured from parameter ${index + 1}`),
          ...typed.map((key) => `\`${key}\` is in the type of parameter ${index + 1}`),
        ].map((reason) => ({ name, line: lineOf(node), reason }));
      }),
    );

const isNewDate = (expression: ts.Expression): boolean => {
  const node = unwrap(expression);
  return (
    ts.isNewExpression(node) &&
    node.expression.getText() === "Date" &&
    (node.arguments === undefined || node.arguments.length === 0)
  );
};

const FALLBACK_OPERATORS: ReadonlyMap<ts.SyntaxKind, string> = new Map([
  [ts.SyntaxKind.QuestionQuestionToken, "??"],
  [ts.SyntaxKind.BarBarToken, "||"],
  [ts.SyntaxKind.QuestionQuestionEqualsToken, "??="],
  [ts.SyntaxKind.BarBarEqualsToken, "||="],
]);

/** The function or method a node sits in, by its declared name or the name it is assigned to. */
const enclosingName = (node: ts.Node): string => {
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    if ((ts.isFunctionDeclaration(at) || ts.isMethodDeclaration(at)) && at.name) return at.name.getText();
    if (
      (ts.isArrowFunction(at) || ts.isFunctionExpression(at)) &&
      (ts.isVariableDeclaration(at.parent) || ts.isPropertyAssignment(at.parent))
    )
      return at.parent.name.getText();
  }
  return "(module)";
};

/**
 * The wall clock as a fallback: `x ?? new Date()`, `x || new Date()` (and `??=`, `||=`) and a
 * parameter defaulting to `new Date()`. A missing moment is a bug, not a reason to read the clock.
 */
export const clockFallbacksOf = (source: ts.SourceFile): SignatureBreach[] => {
  const found: SignatureBreach[] = [];
  const visit = (node: ts.Node): void => {
    const operator = ts.isBinaryExpression(node) && FALLBACK_OPERATORS.get(node.operatorToken.kind);
    if (operator && ts.isBinaryExpression(node) && isNewDate(node.right))
      found.push({
        name: enclosingName(node),
        line: lineOf(node),
        reason: `\`${operator} new Date()\` fallback`,
      });
    if (ts.isParameter(node) && node.initializer && isNewDate(node.initializer))
      found.push({
        name: enclosingName(node),
        line: lineOf(node),
        reason: `\`${node.name.getText()} = new Date()\` default`,
      });
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
};

/** Whether a module calls `defineDomain(…)`: its package is a domain the router must list. */
export const definesDomain = (source: ts.SourceFile): boolean => {
  const visit = (node: ts.Node): boolean =>
    (ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === "defineDomain") ||
    (ts.forEachChild(node, visit) ?? false);
  return visit(source);
};
