import ts from "typescript";
import { hasModifier, lineOf, unwrap } from "./syntax.ts";
import { type SourceFile, syntaxOf } from "./workspace.ts";

export interface ModuleState {
  path: string;
  name: string;
  line: number;
}

const CONTAINERS: ReadonlySet<string> = new Set(["Map", "Set", "WeakMap", "WeakSet", "Array"]);
const MUTATING_METHODS: ReadonlySet<string> = new Set([
  "push",
  "set",
  "add",
  "delete",
  "clear",
  "splice",
  "pop",
  "shift",
  "unshift",
  "sort",
  "reverse",
  "fill",
  "copyWithin",
]);
const MUTATING_STATICS: ReadonlySet<string> = new Set(["Object.assign", "Object.defineProperty"]);

/** A value whose contents can change: an array or object literal, a new Map/Set/WeakMap/WeakSet/Array. */
const isContainer = (init: ts.Expression): boolean =>
  ts.isArrayLiteralExpression(init) ||
  ts.isObjectLiteralExpression(init) ||
  (ts.isNewExpression(init) && CONTAINERS.has(init.expression.getText()));

/** An empty array or an argument-less new Map/Set: a registry to be filled later. */
const isRegistry = (init: ts.Expression): boolean =>
  (ts.isArrayLiteralExpression(init) && init.elements.length === 0) ||
  (ts.isNewExpression(init) && CONTAINERS.has(init.expression.getText()) && !init.arguments?.length);

/** `ReadonlyMap`, `ReadonlySet`, `Readonly<…>`, `readonly T[]`: a constant table by its type. */
const isReadonlyType = (type: ts.TypeNode | undefined): boolean =>
  type !== undefined && /^(Readonly|readonly )/.test(type.getText());

const bindingNames = (name: ts.BindingName): ts.Identifier[] =>
  ts.isIdentifier(name)
    ? [name]
    : name.elements.flatMap((element) => (ts.isBindingElement(element) ? bindingNames(element.name) : []));

const isTopLevelConst = (declaration: ts.VariableDeclaration): boolean =>
  ts.isVariableDeclarationList(declaration.parent) &&
  (declaration.parent.flags & ts.NodeFlags.Const) !== 0 &&
  ts.isVariableStatement(declaration.parent.parent) &&
  ts.isSourceFile(declaration.parent.parent.parent);

/** `x`, `x.a`, `x[k]`, `x.a.b`: the object at the root of what is changed. */
const rootOf = (expression: ts.Expression): ts.Identifier | undefined => {
  const node = unwrap(expression);
  if (ts.isIdentifier(node)) return node;
  if (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node))
    return rootOf(node.expression);
  return undefined;
};

const isAccess = (node: ts.Expression): boolean =>
  ts.isPropertyAccessExpression(unwrap(node)) || ts.isElementAccessExpression(unwrap(node));

/** What a node changes in place, if it changes something: the receiver of `.push()`, the object of `x.k = v`, … */
const mutatedBy = (node: ts.Node): ts.Expression | undefined => {
  if (ts.isCallExpression(node)) {
    const callee = node.expression;
    if (ts.isPropertyAccessExpression(callee) && MUTATING_METHODS.has(callee.name.text))
      return callee.expression;
    if (MUTATING_STATICS.has(callee.getText())) return node.arguments[0];
  }
  if (
    ts.isBinaryExpression(node) &&
    node.operatorToken.kind >= ts.SyntaxKind.FirstAssignment &&
    node.operatorToken.kind <= ts.SyntaxKind.LastAssignment &&
    isAccess(node.left)
  )
    return node.left;
  if (
    (ts.isPrefixUnaryExpression(node) || ts.isPostfixUnaryExpression(node)) &&
    (node.operator === ts.SyntaxKind.PlusPlusToken || node.operator === ts.SyntaxKind.MinusMinusToken) &&
    isAccess(node.operand)
  )
    return node.operand;
  if (ts.isDeleteExpression(node)) return node.expression;
  return undefined;
};

/**
 * Module-level state a runtime could share with another: a top-level `let` or `var` (exported or
 * destructured too), a class's static field that is not `readonly`, an empty array or
 * argument-less Map/Set at the top level (a registry filled later), and a top-level `const` array,
 * object literal or Map/Set that is changed in place anywhere in `files` (`.push/.set/.add/...`,
 * `x.k = v`, `x[i]++`, `delete x.k`, `Object.assign(x, …)`), followed through imports by the checker.
 * A constant table (never changed, typed `ReadonlyMap`/`ReadonlySet`/`readonly`, `as const`,
 * `Object.freeze`) is allowed.
 */
export const moduleStateIn = (program: ts.Program, files: SourceFile[]): ModuleState[] => {
  const checker = program.getTypeChecker();
  const found: ModuleState[] = [];
  const report = (file: SourceFile, name: string, node: ts.Node) =>
    found.push({ path: file.path, name, line: lineOf(node) });
  const containers = new Map<ts.VariableDeclaration, SourceFile>();
  const sources = files.map((file) => ({ file, source: syntaxOf(program, file) }));
  for (const { file, source } of sources)
    for (const statement of source.statements) {
      if (ts.isVariableStatement(statement)) {
        const isConst = (statement.declarationList.flags & ts.NodeFlags.Const) !== 0;
        for (const declaration of statement.declarationList.declarations) {
          if (!isConst) {
            for (const name of bindingNames(declaration.name)) report(file, name.text, declaration);
            continue;
          }
          const init = declaration.initializer && unwrap(declaration.initializer);
          if (!init || isReadonlyType(declaration.type) || !isContainer(init)) continue;
          if (isRegistry(init)) report(file, declaration.name.getText(), declaration);
          else containers.set(declaration, file);
        }
      }
      if (ts.isClassDeclaration(statement))
        for (const member of statement.members)
          if (
            ts.isPropertyDeclaration(member) &&
            hasModifier(member, ts.SyntaxKind.StaticKeyword) &&
            !hasModifier(member, ts.SyntaxKind.ReadonlyKeyword)
          )
            report(file, `${statement.name?.text ?? "default"}.${member.name.getText()}`, member);
    }
  const declarationOf = (name: ts.MemberName): ts.Declaration | undefined => {
    const local = checker.getSymbolAtLocation(name);
    const symbol = local && local.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(local) : local;
    // `ns.list.push(…)` with `import * as ns`: the binding is the namespace's member.
    if (symbol && symbol.flags & ts.SymbolFlags.ValueModule && ts.isPropertyAccessExpression(name.parent))
      return name.parent.expression === name ? declarationOf(name.parent.name) : undefined;
    return symbol?.valueDeclaration;
  };
  const mutated = new Set<ts.VariableDeclaration>();
  const visit = (node: ts.Node): void => {
    const target = mutatedBy(node);
    const root = target && rootOf(target);
    if (root) {
      const declaration = declarationOf(root);
      if (declaration && ts.isVariableDeclaration(declaration) && isTopLevelConst(declaration))
        mutated.add(declaration);
    }
    ts.forEachChild(node, visit);
  };
  for (const { source } of sources) visit(source);
  for (const [declaration, file] of containers)
    if (mutated.has(declaration)) report(file, declaration.name.getText(), declaration);
  return found.sort((a, b) => a.path.localeCompare(b.path) || a.line - b.line);
};
