import * as schema from "@tally/db";
import { TABLE_OWNERS } from "@tally/db";
import { getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { APPS, layerOf, mayDependOn, OWNERSHIP_EXEMPT, REACHABLE_FROM_TESTS } from "./layers.ts";
import {
  importsOf,
  moduleStateOf,
  packageOf,
  type SourceFile,
  signatureBreachesOf,
  sourceFiles,
  tableWritesOf,
  type WorkspacePackage,
  workspaceImport,
  workspacePackages,
} from "./workspace.ts";

/** Schema export name -> SQL table name. */
const tablesByExport = new Map(
  Object.entries(schema)
    .filter(([, value]) => is(value, PgTable))
    .map(([name, table]) => [name, getTableName(table as PgTable)]),
);
const tableNames = new Set(tablesByExport.values());
const owners: Record<string, string> = TABLE_OWNERS;

const packages = workspacePackages();
const filesOf = new Map(packages.map((pkg) => [pkg.name, sourceFiles(pkg)]));

/** A test's import of the server or the client from a package below them (no package.json edge). */
const reachesFromTest = (pkg: WorkspacePackage, file: SourceFile, target: string | undefined): boolean =>
  file.isTest &&
  target !== undefined &&
  REACHABLE_FROM_TESTS.includes(target) &&
  !mayDependOn(pkg.name, target);

/** The workspace packages a file imports, without a test's reach into the server and the client. */
const workspaceImportsOf = (pkg: WorkspacePackage, file: SourceFile): string[] =>
  importsOf(file)
    .map(workspaceImport)
    .filter((target): target is string => target !== undefined)
    .filter((target) => !reachesFromTest(pkg, file, target));

/** `commerce/orders` for packages/commerce/src/orders/state.ts. */
const writerOf = (pkg: WorkspacePackage, file: SourceFile): string[] => {
  const folder = file.path.slice(pkg.dir.length + 1).match(/^src\/([^/]+)\//)?.[1];
  return folder ? [pkg.name, `${pkg.name}/${folder}`] : [pkg.name];
};

/** Writes of tables by a package or folder that does not own them, as `path:line`. */
const ownershipViolations = (pkg: WorkspacePackage, files: SourceFile[]): string[] =>
  files
    .filter((file) => !file.isTest)
    .flatMap((file) =>
      tableWritesOf(file, pkg.name === "db").flatMap((write) => {
        const table = write.fromSql ? write.target : tablesByExport.get(write.target);
        if (!table || !tableNames.has(table)) return [];
        const owner = owners[table];
        if (owner && writerOf(pkg, file).includes(owner)) return [];
        return [`${file.path}:${write.line} ${write.kind}s ${table}, owned by ${owner ?? "nobody"}`];
      }),
    );

describe("table ownership", () => {
  it("gives every table of the schema exactly one owner, and names no other table", () => {
    expect([...tableNames].filter((table) => !(table in owners)).sort()).toEqual([]);
    expect(Object.keys(owners).filter((table) => !tableNames.has(table))).toEqual([]);
    for (const owner of Object.values(owners)) expect(() => layerOf(owner.split("/")[0] ?? "")).not.toThrow();
  });

  it("lets only the owning package (or feature folder) insert, update or delete a table's rows", () => {
    const violations = packages
      .filter((pkg) => !OWNERSHIP_EXEMPT.includes(pkg.name))
      .flatMap((pkg) => ownershipViolations(pkg, filesOf.get(pkg.name) ?? []));
    expect(violations).toEqual([]);
  });

  it("catches a write from outside the owner, under any local name and in raw SQL", () => {
    const payments = { name: "payments", dir: "packages/payments", dependencies: [], devDependencies: [] };
    const file = (text: string): SourceFile => ({
      path: "packages/payments/src/x/y.ts",
      text,
      isTest: false,
    });
    expect(
      ownershipViolations(payments, [
        file(`import { orders as o, x402Payments } from "@tally/db";\nawait tx.update(o).set({});`),
      ]),
    ).toEqual(["packages/payments/src/x/y.ts:2 updates orders, owned by commerce/orders"]);
    expect(
      ownershipViolations(payments, [file("await tx.execute(sql`delete from order_items where 1`);")]),
    ).toEqual(["packages/payments/src/x/y.ts:1 deletes order_items, owned by commerce/orders"]);
    expect(
      ownershipViolations(payments, [
        file(`import { x402Payments } from "@tally/db";\nawait tx.update(x402Payments).set({});`),
      ]),
    ).toEqual([]);
    const commerce = { ...payments, name: "commerce", dir: "packages/commerce" };
    const shipping: SourceFile = {
      path: "packages/commerce/src/shipping/service.ts",
      text: `import { orders } from "@tally/db";\nawait tx.update(orders).set({});`,
      isTest: false,
    };
    expect(ownershipViolations(commerce, [shipping])).toEqual([
      "packages/commerce/src/shipping/service.ts:2 updates orders, owned by commerce/orders",
    ]);
  });
});

describe("dependency direction", () => {
  it("has every workspace package in a layer", () => {
    for (const pkg of packages) expect(() => layerOf(pkg.name)).not.toThrow();
  });

  it("imports only packages below (ARCHITECTURE §2), never an app", () => {
    const violations = packages.flatMap((pkg) =>
      (filesOf.get(pkg.name) ?? []).flatMap((file) =>
        workspaceImportsOf(pkg, file)
          .filter((target) => target !== pkg.name)
          .filter((target) => !mayDependOn(pkg.name, target))
          .map((target) => `${file.path} imports @tally/${target}`),
      ),
    );
    expect(violations).toEqual([]);
  });

  it("refuses an upward import, a sibling outside the list and an app", () => {
    expect(mayDependOn("commerce", "payments")).toBe(false);
    expect(mayDependOn("payments", "commerce")).toBe(true);
    expect(mayDependOn("db", "events")).toBe(false);
    expect(mayDependOn("events", "db")).toBe(true);
    expect(mayDependOn("worker", APPS[0] ?? "")).toBe(false);
  });
});

describe("package manifests", () => {
  const declaredOf = (pkg: WorkspacePackage) => new Set([...pkg.dependencies, ...pkg.devDependencies]);
  const usedOf = (pkg: WorkspacePackage) =>
    new Set(
      (filesOf.get(pkg.name) ?? [])
        .flatMap((file) =>
          importsOf(file).filter((specifier) => !reachesFromTest(pkg, file, workspaceImport(specifier))),
        )
        .flatMap((specifier) => packageOf(specifier) ?? []),
    );

  it("declares every package its code imports", () => {
    const missing = packages.flatMap((pkg) => {
      const declared = declaredOf(pkg);
      return [...usedOf(pkg)]
        .filter((name) => name !== `@tally/${pkg.name}` && !declared.has(name))
        .map((name) => `${pkg.dir} imports ${name} without declaring it`);
    });
    expect(missing).toEqual([]);
  });

  it("keeps test support out of shipped code", () => {
    const testSupport = ["vitest", "@tally/testing", "fast-check"];
    const leaks = packages
      .filter((pkg) => pkg.name !== "testing" && pkg.name !== "vitest-config")
      .flatMap((pkg) =>
        (filesOf.get(pkg.name) ?? [])
          .filter((file) => !file.isTest)
          .flatMap((file) =>
            importsOf(file)
              .filter((specifier) => testSupport.includes(packageOf(specifier) ?? ""))
              .map((specifier) => `${file.path} imports ${specifier}`),
          ),
      );
    expect(leaks).toEqual([]);
  });

  it("declares no workspace package its code does not import", () => {
    const unused = packages.flatMap((pkg) => {
      const used = usedOf(pkg);
      return [...declaredOf(pkg)]
        .filter((name) => name.startsWith("@tally/") && !used.has(name))
        .filter((name) => name !== "@tally/tsconfig")
        .map((name) => `${pkg.dir} declares ${name} but never imports it`);
    });
    expect(unused).toEqual([]);
  });
});

describe("module state", () => {
  const violationsIn = (files: SourceFile[]) =>
    files
      .filter((file) => !file.isTest)
      .flatMap((file) => moduleStateOf(file).map(({ name, line }) => `${file.path}:${line} ${name}`));

  it("keeps no mutable state at module level: what varies per runtime is passed in", () => {
    // A benchmark script's top level is its main program, not a module other code shares.
    const modules = packages.filter((pkg) => pkg.name !== "bench");
    expect(modules.flatMap((pkg) => violationsIn(filesOf.get(pkg.name) ?? []))).toEqual([]);
  });

  it("catches a module-level let, a hook array and a registry map, and allows constant tables", () => {
    const file = (text: string): SourceFile => ({ path: "packages/x/src/y.ts", text, isTest: false });
    expect(
      violationsIn([
        file(
          [
            "let installed = false;",
            "export const hooks: Hook[] = [];",
            "const cache = new Map<string, number>();",
            "const NAMES: ReadonlySet<string> = new Set(['a']);",
            "const LIMITS = [1, 2] as const;",
            "const make = () => { let local = 1; return local; };",
          ].join("\n"),
        ),
      ]),
    ).toEqual([
      "packages/x/src/y.ts:1 installed",
      "packages/x/src/y.ts:2 hooks",
      "packages/x/src/y.ts:3 cache",
    ]);
  });
});

describe("service calling convention", () => {
  const DOMAINS = ["platform", "commerce", "points", "rewards", "campaigns", "payments"];
  const breachesIn = (files: SourceFile[]) =>
    files
      .filter((file) => !file.isTest && !/\/(router|schemas|domain|index)\.ts$/.test(file.path))
      .flatMap((file) =>
        signatureBreachesOf(file).map(({ name, line, reason }) => `${file.path}:${line} ${name}: ${reason}`),
      );

  it("gives every exported operation of a domain the shape (context, scope?, input?)", () => {
    const domains = packages.filter((pkg) => DOMAINS.includes(pkg.name));
    expect(domains.flatMap((pkg) => breachesIn(filesOf.get(pkg.name) ?? []))).toEqual([]);
  });

  it("catches a fourth parameter and a dependency after the context, and skips wiring and presenters", () => {
    const file = (text: string): SourceFile => ({ path: "packages/x/src/y/service.ts", text, isTest: false });
    expect(
      breachesIn([
        file(
          [
            "export const a = async (tx, creator, input, clock) => {};",
            "export const b = (tx, events, input) => {};",
            "export const c = ({ tx, clock }, creator, input) => {};",
            "export const registerXHandlers = (bus, deps) => {};",
            "export const presentX = (row, now) => row;",
            "export function d(db, scope, input, extra) {}",
          ].join("\n"),
        ),
      ]),
    ).toEqual([
      "packages/x/src/y/service.ts:1 a: 4 parameters",
      "packages/x/src/y/service.ts:1 a: `clock` is parameter 4, not in the context",
      "packages/x/src/y/service.ts:2 b: `events` is parameter 2, not in the context",
      "packages/x/src/y/service.ts:6 d: 4 parameters",
    ]);
  });
});
