/** The OpenAPI operations a path template has; used to tell 405 (known path, other method) from 404. */
const HTTP_METHODS = ["get", "put", "post", "delete", "patch", "head", "options"] as const;

interface PathTemplate {
  pattern: RegExp;
  methods: string[];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** `/user/{id}/wallets` under `/api/v1` -> /^\/api\/v1\/user\/[^/]+\/wallets$/ */
const compile = (prefix: string, template: string): RegExp =>
  new RegExp(
    `^${escapeRegExp(prefix)}${template
      .split(/\{[^}]+\}/)
      .map(escapeRegExp)
      .join("[^/]+")}$`,
  );

/** A lookup from a request path to the methods the document serves on it (empty when the path is unknown). */
export const allowedMethodsOf = (
  document: { paths?: Record<string, Record<string, unknown> | undefined> },
  prefix: string,
): ((path: string) => string[]) => {
  const templates: PathTemplate[] = Object.entries(document.paths ?? {}).map(([template, item]) => ({
    pattern: compile(prefix, template),
    methods: HTTP_METHODS.filter((method) => item?.[method] !== undefined).map((method) =>
      method.toUpperCase(),
    ),
  }));
  return (path) => [
    ...new Set(templates.filter(({ pattern }) => pattern.test(path)).flatMap(({ methods }) => methods)),
  ];
};
