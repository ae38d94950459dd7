import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { AppError } from "@tally/core";
import { type Database, localChatChannels, localChatTokens } from "@tally/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migratedMemoryDb, recordingLogger } from "../email/test-support.ts";
import { createProviders, describeProviders } from "../index.ts";
import { HttpChatAdapter } from "./http.ts";
import { LocalChatAdapter } from "./local.ts";
import { channelIdFor } from "./port.ts";

let database: Database;

beforeAll(async () => {
  database = await migratedMemoryDb();
});
afterAll(async () => {
  await database.close();
});

const fan = { type: "USER", id: "u_org1_fan" };
const shop = { type: "CREATOR", id: "c_org1_shop" };

describe("LocalChatAdapter", () => {
  it("issues one stable token per subject", async () => {
    const chat = new LocalChatAdapter({ db: database.db, logger: recordingLogger() });
    const first = await chat.createUserToken("u_org1_ada");
    const again = await chat.createUserToken("u_org1_ada");
    const other = await chat.createUserToken("u_org1_bob");
    expect(first).toMatch(/^lct_/);
    expect(again).toBe(first);
    expect(other).not.toBe(first);
    const concurrent = await Promise.all([1, 2, 3].map(() => chat.createUserToken("u_org1_cy")));
    expect(new Set(concurrent).size).toBe(1);
    const rows = await database.db
      .select()
      .from(localChatTokens)
      .where(eq(localChatTokens.subject, "u_org1_cy"));
    expect(rows).toHaveLength(1);
  });

  it("issues many subjects' tokens at once, keeping each subject's existing token", async () => {
    const chat = new LocalChatAdapter({ db: database.db, logger: recordingLogger() });
    const known = await chat.createUserToken("u_org2_ada");
    const tokens = await chat.createUserTokens(["u_org2_ada", "u_org2_bob", "u_org2_bob", "u_org2_cy"]);
    expect([...tokens.keys()].sort()).toEqual(["u_org2_ada", "u_org2_bob", "u_org2_cy"]);
    expect(tokens.get("u_org2_ada")).toBe(known);
    expect(await chat.createUserToken("u_org2_bob")).toBe(tokens.get("u_org2_bob"));
    expect(new Set(tokens.values()).size).toBe(3);
    await expect(chat.createUserTokens(["u_org2_dee", "has space"])).rejects.toMatchObject({
      code: "validation_failed",
    });
    const rows = await database.db
      .select()
      .from(localChatTokens)
      .where(eq(localChatTokens.subject, "u_org2_dee"));
    expect(rows).toEqual([]);
  });

  it("keeps one channel per member set, whichever order the members come in", async () => {
    const chat = new LocalChatAdapter({ db: database.db, logger: recordingLogger() });
    const first = await chat.ensureChannel([fan, shop]);
    const second = await chat.ensureChannel([shop, fan]);
    expect(second).toEqual(first);
    expect(first.channelId).toBe(channelIdFor([fan, shop]));
    expect(first.channelId.length).toBeLessThanOrEqual(64);
    const [row] = await database.db
      .select()
      .from(localChatChannels)
      .where(eq(localChatChannels.id, first.channelId));
    expect(row?.members).toEqual([shop, fan]);
    const third = await chat.ensureChannel([fan, { type: "USER", id: "u_org1_other" }]);
    expect(third.channelId).not.toBe(first.channelId);
  });

  it("refuses what the provider refuses", async () => {
    const chat = new LocalChatAdapter({ db: database.db, logger: recordingLogger() });
    await expect(chat.createUserToken("has space")).rejects.toMatchObject({
      code: "validation_failed",
      details: [{ field: "subject" }],
    });
    await expect(chat.ensureChannel([fan])).rejects.toBeInstanceOf(AppError);
    await expect(chat.ensureChannel([fan, fan])).rejects.toMatchObject({ code: "validation_failed" });
    await expect(chat.ensureChannel([fan, { type: "ROBOT", id: "x" }])).rejects.toMatchObject({
      code: "validation_failed",
      details: [{ field: "members.1.type" }],
    });
  });
});

interface Seen {
  method: string | undefined;
  url: string | undefined;
  authorization: string | undefined;
  body: unknown;
}

describe("HttpChatAdapter", () => {
  let server: Server;
  let baseUrl: string;
  const seen: Seen[] = [];
  let mode: "ok" | "down" | "invalid" | "garbage" = "ok";
  const channels = new Map<string, unknown>();

  const readBody = (request: IncomingMessage) =>
    new Promise<string>((resolve) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    });

  beforeAll(async () => {
    server = createServer(async (request, response) => {
      const text = await readBody(request);
      seen.push({
        method: request.method,
        url: request.url,
        authorization: request.headers.authorization,
        body: text ? JSON.parse(text) : undefined,
      });
      const reply = (status: number, body: unknown) => {
        response.writeHead(status, { "content-type": "application/json" });
        response.end(JSON.stringify(body));
      };
      if (request.headers.authorization !== "Bearer secret-key") return reply(401, { message: "bad key" });
      if (mode === "down") return reply(503, { message: "maintenance" });
      if (mode === "invalid") return reply(400, { message: "members must be users" });
      if (mode === "garbage") return reply(200, { nothing: true });
      const token = request.url?.match(/^\/v1\/users\/([^/]+)\/token$/);
      if (request.method === "POST" && token) return reply(200, { token: `jwt-for-${token[1]}` });
      const channel = request.url?.match(/^\/v1\/channels\/([^/]+)$/);
      if (request.method === "PUT" && channel) {
        channels.set(channel[1] as string, JSON.parse(text));
        return reply(200, { id: channel[1] });
      }
      return reply(404, { message: "no route" });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const adapter = (apiKey = "secret-key") =>
    new HttpChatAdapter({ baseUrl, apiKey, logger: recordingLogger() });

  it("gets a user token and upserts a channel through the REST API", async () => {
    mode = "ok";
    expect(await adapter().createUserToken("u_org1_ada")).toBe("jwt-for-u_org1_ada");
    const { channelId } = await adapter().ensureChannel([shop, fan]);
    expect(channelId).toBe(channelIdFor([fan, shop]));
    expect(channels.get(channelId)).toEqual({ members: [shop, fan] });
    const last = seen.at(-1);
    expect(last).toMatchObject({
      method: "PUT",
      url: `/v1/channels/${channelId}`,
      authorization: "Bearer secret-key",
    });
  });

  it("gets many users' tokens, one call per distinct subject", async () => {
    mode = "ok";
    const before = seen.length;
    const subjects = Array.from({ length: 12 }, (_, index) => `u_org1_many${index}`);
    const tokens = await adapter().createUserTokens([...subjects, subjects[0]!]);
    expect([...tokens.entries()].sort()).toEqual(
      subjects.map((subject) => [subject, `jwt-for-${subject}`]).sort(),
    );
    expect(seen.length - before).toBe(subjects.length);
  });

  it("maps provider failures to our error codes", async () => {
    mode = "ok";
    await expect(adapter("wrong").createUserToken("u_org1_ada")).rejects.toMatchObject({
      code: "service_unavailable",
    });
    mode = "down";
    await expect(adapter().ensureChannel([fan, shop])).rejects.toMatchObject({ code: "service_unavailable" });
    mode = "invalid";
    await expect(adapter().ensureChannel([fan, shop])).rejects.toMatchObject({ code: "validation_failed" });
    mode = "garbage";
    await expect(adapter().createUserToken("u_org1_ada")).rejects.toMatchObject({
      code: "service_unavailable",
    });
    mode = "ok";
    const unreachable = new HttpChatAdapter({ baseUrl: "http://127.0.0.1:9", apiKey: "k" });
    await expect(unreachable.createUserToken("u_org1_ada")).rejects.toMatchObject({
      code: "service_unavailable",
    });
  });

  it("validates before calling out", async () => {
    const before = seen.length;
    await expect(adapter().createUserToken("a/b")).rejects.toMatchObject({ code: "validation_failed" });
    expect(seen).toHaveLength(before);
    expect(() => new HttpChatAdapter({ baseUrl: "ftp://x", apiKey: "k" })).toThrow();
  });
});

describe("createProviders: chat", () => {
  it("uses the local adapter unless both CHAT_API_URL and CHAT_API_KEY are given", () => {
    const logger = recordingLogger();
    const base = { emailFrom: "t@example.com" };
    expect(describeProviders(createProviders({ config: base, db: database.db, logger })).chat).toBe("local");
    expect(
      createProviders({
        config: { ...base, chatApiUrl: "https://chat.example.com" },
        db: database.db,
        logger,
      }).chat.adapter,
    ).toBe("local");
    const http = createProviders({
      config: { ...base, chatApiUrl: "https://chat.example.com", chatApiKey: "k" },
      db: database.db,
      logger,
    });
    expect(describeProviders(http)).toMatchObject({ email: "local", chat: "http" });
  });
});
