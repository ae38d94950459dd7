import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { Scalar } from "@scalar/hono-api-reference";
import type { Hono } from "hono";
import type { HttpEnv } from "./env.ts";

const require = createRequire(import.meta.url);

/** The API reference bundle, served by us so the docs page works without a CDN. */
const loadStandaloneBundle = (): string => {
  const entry = require.resolve("@scalar/api-reference");
  let folder = dirname(entry);
  while (!folder.endsWith("dist") && folder !== dirname(folder)) folder = dirname(folder);
  return readFileSync(join(folder, "browser", "standalone.js"), "utf8");
};

export const mountDocs = (app: Hono<HttpEnv>, document: object): void => {
  const documentJson = JSON.stringify(document);
  let bundle: string | undefined;
  app.get("/api/v1/openapi.json", (c) => c.body(documentJson, 200, { "content-type": "application/json" }));
  app.get("/api/v1/docs/scalar.js", (c) => {
    bundle ??= loadStandaloneBundle();
    return c.body(bundle, 200, {
      "content-type": "text/javascript",
      "cache-control": "public, max-age=86400",
    });
  });
  app.get(
    "/api/v1/docs",
    Scalar({ url: "/api/v1/openapi.json", cdn: "/api/v1/docs/scalar.js", pageTitle: "Tally API reference" }),
  );
};
