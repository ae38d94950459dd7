import { workspacePackages } from "./workspace.ts";

/**
 * The graph of the packages under `packages/` and the apps, from their package.json `dependencies`
 * on one another (devDependencies are test support), as a mermaid flowchart. An edge implied by a
 * longer path is left out (transitive reduction), so the drawing shows the layering, not every import.
 */
export const packageGraphMermaid = (): string => {
  const nodes = workspacePackages().filter((pkg) => /^(packages|apps)\//.test(pkg.dir));
  const names = new Set(nodes.map((pkg) => pkg.name));
  const direct = new Map(
    nodes.map((pkg) => [
      pkg.name,
      pkg.dependencies
        .filter((dependency) => dependency.startsWith("@tally/"))
        .map((dependency) => dependency.replace(/^@tally\//, ""))
        .filter((dependency) => names.has(dependency)),
    ]),
  );
  const reachable = (from: string, seen = new Set<string>()): Set<string> => {
    for (const next of direct.get(from) ?? []) {
      if (seen.has(next)) continue;
      seen.add(next);
      reachable(next, seen);
    }
    return seen;
  };
  const edges = [...direct].flatMap(([from, targets]) =>
    targets
      .filter((to) => !targets.some((other) => other !== to && reachable(other).has(to)))
      .map((to) => `  ${from} --> ${to}`),
  );
  return ["```mermaid", "flowchart BT", ...edges.sort(), "```"].join("\n");
};
