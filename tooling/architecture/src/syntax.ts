import ts from "typescript";

/** 1-based line of a node. */
export const lineOf = (node: ts.Node): number =>
  node.getSourceFile().getLineAndCharacterOfPosition(node.getStart()).line + 1;

/** The expression under parentheses, `as T` (not `as const`), `satisfies T` and `!`. */
export const unwrap = (expression: ts.Expression): ts.Expression =>
  ts.isParenthesizedExpression(expression) ||
  ts.isSatisfiesExpression(expression) ||
  ts.isNonNullExpression(expression) ||
  (ts.isAsExpression(expression) && expression.type.getText() !== "const")
    ? unwrap(expression.expression)
    : expression;

export const hasModifier = (node: ts.Node, kind: ts.SyntaxKind): boolean =>
  ts.canHaveModifiers(node)
    ? (ts.getModifiers(node)?.some((modifier) => modifier.kind === kind) ?? false)
    : false;
