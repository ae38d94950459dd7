import * as schema from "@tally/db";
import { TABLE_OWNERS } from "@tally/db";
import { domains } from "@tally/router";
import { getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import type ts from "typescript";
import { describe, expect, it } from "vitest";
import {
  clockFallbacksOf,
  definesDomain,
  type SignatureBreach,
  signatureBreachesOf,
  timeInInputOf,
} from "./calling-convention.ts";
import { APPS, layerOf, mayDependOn, OWNERSHIP_EXEMPT, REACHABLE_FROM_TESTS } from "./layers.ts";
import { moduleStateIn } from "./module-state.ts";
import { type TableAccess, tableAccessesOf } from "./table-access.ts";
import {
  fixtureFiles,
  importsOf,
  packageAt,
  packageOf,
  type SourceFile,
  sourceFiles,
  syntaxOf,
  type WorkspacePackage,
  workspaceImport,
  workspacePackages,
  workspaceProgram,
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
const shippedOf = (pkg: WorkspacePackage) => (filesOf.get(pkg.name) ?? []).filter((file) => !file.isTest);
const fixtures = {
  ownership: fixtureFiles(packages, "ownership"),
  reads: fixtureFiles(packages, "reads"),
  domains: fixtureFiles(packages, "domains"),
  moduleState: fixtureFiles(packages, "module-state"),
  callingConvention: fixtureFiles(packages, "calling-convention"),
};
/** One program over all shipped code and the fixtures: the checker follows names to their declarations. */
const program = workspaceProgram(
  [...packages.flatMap(shippedOf), ...Object.values(fixtures).flat()].map((file) => file.absolute),
);
/** Shipped code's table accesses, found once for the ownership and the read rules. */
const treeAccesses: ReadonlyMap<string, TableAccess[]> = new Map(
  packages
    .flatMap(shippedOf)
    .map((file) => [file.absolute, tableAccessesOf(program, tablesByExport, file)] as const),
);
const accessesOf = (file: SourceFile): TableAccess[] =>
  treeAccesses.get(file.absolute) ?? tableAccessesOf(program, tablesByExport, file);

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
const ownershipViolations = (files: SourceFile[]): string[] =>
  files
    .filter((file) => !file.isTest)
    .flatMap((file) =>
      accessesOf(file).flatMap(({ table, kind, line }) => {
        const owner = owners[table];
        if (kind === "read" || (owner && writerOf(packageAt(packages, file.path), file).includes(owner)))
          return [];
        return [`${file.path}:${line} ${kind}s ${table}, owned by ${owner ?? "nobody"}`];
      }),
    );

/** Reads of tables whose owner sits in a higher layer than the reading package. */
const upwardReads = (files: SourceFile[]): string[] => [
  ...new Set(
    files
      .filter((file) => !file.isTest)
      .flatMap((file) => {
        const reader = packageAt(packages, file.path).name;
        return accessesOf(file)
          .filter(({ kind }) => kind === "read")
          .flatMap(({ table, line }) => {
            const owner = owners[table] ?? "nobody";
            const ownerPackage = owner.split("/")[0] ?? owner;
            if (owner !== "nobody" && layerOf(ownerPackage) <= layerOf(reader)) return [];
            return [`${file.path}:${line} reads ${table}, owned by ${owner} above ${reader}`];
          });
      }),
  ),
];

describe("table ownership", () => {
  it("gives every table of the schema exactly one owner, and names no other table", () => {
    expect([...tableNames].filter((table) => !(table in owners)).sort()).toEqual([]);
    expect(Object.keys(owners).filter((table) => !tableNames.has(table))).toEqual([]);
    for (const owner of Object.values(owners)) expect(() => layerOf(owner.split("/")[0] ?? "")).not.toThrow();
  });

  it("lets only the owning package (or feature folder) insert, update or delete a table's rows", () => {
    const violations = packages
      .filter((pkg) => !OWNERSHIP_EXEMPT.includes(pkg.name))
      .flatMap((pkg) => ownershipViolations(shippedOf(pkg)));
    expect(violations).toEqual([]);
  });

  it("catches a write from outside the owner by the table's schema symbol, however it is named", () => {
    const orders = "orders, owned by commerce/orders";
    const items = "order_items, owned by commerce/orders";
    expect(ownershipViolations(fixtures.ownership)).toEqual([
      `packages/commerce/src/shipping/service.ts:5 updates ${orders}`,
      `packages/payments/src/refunds/named.ts:6 updates ${orders}`,
      `packages/payments/src/refunds/named.ts:9 deletes ${items}`,
      `packages/payments/src/refunds/named.ts:11 inserts ${items}`,
      `packages/payments/src/refunds/named.ts:11 inserts ${orders}`,
      `packages/payments/src/refunds/namespace.ts:6 updates ${orders}`,
      `packages/payments/src/refunds/namespace.ts:7 deletes ${items}`,
      `packages/payments/src/refunds/reexport.ts:5 updates ${orders}`,
      `packages/payments/src/refunds/sql.ts:6 updates ${orders}`,
      `packages/payments/src/refunds/sql.ts:7 deletes ${items}`,
      `packages/payments/src/refunds/sql.ts:8 inserts ${items}`,
      `packages/payments/src/refunds/sql.ts:9 updates ${orders}`,
    ]);
  });
});

describe("table reads", () => {
  it("reads only tables owned in the reader's layer or below", () => {
    expect(packages.flatMap((pkg) => upwardReads(shippedOf(pkg)))).toEqual([]);
  });

  it("catches a read of a higher layer's table in a select, a join, a relational query, SQL and a row finder", () => {
    const presenter = "packages/commerce/src/orders/presenter.ts";
    expect(upwardReads(fixtures.reads)).toEqual([
      `${presenter}:9 reads card_payment_intents, owned by payments above commerce`,
      `${presenter}:10 reads point_balances, owned by points above commerce`,
      `${presenter}:11 reads creator_payouts, owned by payments above commerce`,
      `${presenter}:12 reads reward_mints, owned by rewards/programmes above commerce`,
      `${presenter}:13 reads x402_payments, owned by payments above commerce`,
      `${presenter}:14 reads crypto_payment_intents, owned by payments above commerce`,
      `${presenter}:17 reads card_payment_intents, owned by payments above commerce`,
      "packages/platform/src/reports/usage.ts:7 reads orders, owned by commerce/orders above platform",
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
    moduleStateIn(
      program,
      files.filter((file) => !file.isTest),
    ).map(({ path, line, name }) => `${path}:${line} ${name}`);

  it("keeps no mutable state at module level: what varies per runtime is passed in", () => {
    // A benchmark script's top level is its main program, not a module other code shares.
    const modules = packages.filter((pkg) => pkg.name !== "bench");
    expect(violationsIn(modules.flatMap(shippedOf))).toEqual([]);
  });

  it("catches every mutable top-level binding and allows constant tables", () => {
    const names = [
      "2 installed",
      "3 legacy",
      "4 exported",
      "5 first",
      "5 renamed",
      "6 hooks",
      "7 cache",
      "8 byId",
      "9 seen",
      "10 queue",
      "11 counters",
      "12 settings",
      "13 flags",
      "14 grid",
      "15 sorted",
      "16 shared",
      "17 plugins",
      "19 Registry.entries",
    ];
    expect(violationsIn(fixtures.moduleState)).toEqual(
      names.map((name) => `packages/commerce/src/cache/state.ts:${name}`),
    );
  });
});

describe("domains", () => {
  const listed: readonly string[] = domains.map((domain) => domain.name);
  /** Packages whose shipped code calls `defineDomain(…)`. */
  const definingDomains = (files: SourceFile[]) => [
    ...new Set(
      files
        .filter((file) => !file.isTest && definesDomain(syntaxOf(program, file)))
        .map((file) => packageAt(packages, file.path).name),
    ),
  ];

  it("names each domain after its package", () => {
    expect(listed.filter((name) => !packages.some((pkg) => pkg.name === name))).toEqual([]);
  });

  it("lists in the router every package that defines a domain", () => {
    expect(definingDomains(packages.flatMap(shippedOf)).filter((name) => !listed.includes(name))).toEqual([]);
  });

  it("catches a package that defines a domain the router does not list", () => {
    expect(definingDomains(fixtures.domains).filter((name) => !listed.includes(name))).toEqual(["discovery"]);
  });
});

describe("service calling convention", () => {
  const domainFiles = packages
    .filter((pkg) => domains.some((domain) => domain.name === pkg.name))
    .flatMap(shippedOf);
  const isOperations = (file: SourceFile) => !/\/(router|schemas|domain|index)\.ts$/.test(file.path);
  const reportIn = (files: SourceFile[], rule: (source: ts.SourceFile) => SignatureBreach[]) =>
    files
      .filter((file) => !file.isTest)
      .flatMap((file) =>
        rule(syntaxOf(program, file)).map(
          ({ name, line, reason }) => `${file.path}:${line} ${name}: ${reason}`,
        ),
      );
  const breachesIn = (files: SourceFile[]) => reportIn(files.filter(isOperations), signatureBreachesOf);
  const timeInInputIn = (files: SourceFile[]) => [
    ...reportIn(files.filter(isOperations), timeInInputOf),
    ...reportIn(files, clockFallbacksOf),
  ];

  it("gives every exported operation of a domain the shape (context, scope?, input?)", () => {
    expect(breachesIn(domainFiles)).toEqual([]);
  });

  it("takes the moment from the context only: no `now` in an input, no `new Date()` fallback", () => {
    expect(timeInInputIn(domainFiles)).toEqual([]);
  });

  it("catches operations of every export form with more than three parameters or a dependency after the context", () => {
    const service = "packages/commerce/src/widgets/service.ts";
    expect(breachesIn(fixtures.callingConvention)).toEqual([
      "packages/commerce/src/widgets/default.ts:2 default: 4 parameters",
      `${service}:2 fourParameters: 4 parameters`,
      `${service}:2 fourParameters: \`clock\` is parameter 4, not in the context`,
      `${service}:3 eventsAfterContext: \`events\` is parameter 2, not in the context`,
      `${service}:7 plainFunction: 4 parameters`,
      `${service}:8 asyncFunction: 4 parameters`,
      `${service}:9 functionExpression: \`bus\` is parameter 2, not in the context`,
      `${service}:10 local: 4 parameters`,
      `${service}:11 renamed: \`logger\` is parameter 2, not in the context`,
      `${service}:13 default: 4 parameters`,
      `${service}:15 service.op: 4 parameters`,
      `${service}:16 service.other: \`providers\` is parameter 2, not in the context`,
      `${service}:19 destructured: \`events\` is inside parameter 2, not in the context`,
    ]);
  });

  it("catches the moment in an input and the wall clock as a fallback", () => {
    const service = "packages/commerce/src/widgets/service.ts";
    expect(timeInInputIn(fixtures.callingConvention)).toEqual([
      `${service}:19 destructured: \`now\` is destructured from parameter 2`,
      `${service}:20 destructuredClock: \`clock\` is destructured from parameter 3`,
      `${service}:21 inlineType: \`now\` is in the type of parameter 3`,
      `${service}:26 namedInterface: \`now\` is in the type of parameter 3`,
      `${service}:33 extendedInterface: \`clock\` is in the type of parameter 2`,
      `${service}:35 typeAlias: \`now\` is in the type of parameter 2`,
      "packages/commerce/src/widgets/router.ts:2 widgetsRouter: `?? new Date()` fallback",
      `${service}:38 fallbacks: \`?? new Date()\` fallback`,
      `${service}:39 fallbacks: \`|| new Date()\` fallback`,
      `${service}:40 fallbacks: \`??= new Date()\` fallback`,
      `${service}:43 defaulted: \`at = new Date()\` default`,
    ]);
  });
});
