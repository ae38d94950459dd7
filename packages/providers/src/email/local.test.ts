import { AppError, createLogger, type Logger, ManualClock } from "@tally/core";
import type { Database } from "@tally/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProviders, describeProviders, type ProviderLogger } from "../index.ts";
import { LocalEmailAdapter, listOutbox } from "./local.ts";
import { migratedMemoryDb, recordingLogger } from "./test-support.ts";

let database: Database;

beforeAll(async () => {
  database = await migratedMemoryDb();
});
afterAll(async () => {
  await database.close();
});

describe("LocalEmailAdapter", () => {
  it("writes the message to the outbox and logs it", async () => {
    const logger = recordingLogger();
    const email = new LocalEmailAdapter({ db: database.db, logger });
    const result = await email.send({
      to: "ada@example.com",
      subject: "Welcome",
      text: "Hello Ada",
      html: "<p>Hello Ada</p>",
      template: "welcome",
    });
    expect(result.deduplicated).toBe(false);
    const [row] = await listOutbox(database.db, { to: "ada@example.com", limit: 10 });
    expect(row).toMatchObject({
      id: result.id,
      to: "ada@example.com",
      subject: "Welcome",
      text: "Hello Ada",
      html: "<p>Hello Ada</p>",
      template: "welcome",
      organizationId: null,
      dedupeKey: null,
    });
    expect(logger.lines).toHaveLength(1);
    expect(logger.lines[0]).toMatchObject({
      level: "info",
      obj: { emailId: result.id, to: "ada@example.com" },
    });
  });

  it("sendMany records many messages at once, each deduplicated on its own key, in order", async () => {
    const logger = recordingLogger();
    const email = new LocalEmailAdapter({ db: database.db, logger });
    const earlier = await email.send({
      to: "cat@example.com",
      subject: "Hi",
      text: "1",
      dedupeKey: "many:a",
    });
    const message = (text: string, dedupeKey?: string) => ({
      to: "cat@example.com",
      subject: "Hi",
      text,
      ...(dedupeKey ? { dedupeKey } : {}),
    });
    const results = await email.sendMany([
      message("2", "many:a"),
      message("3", "many:b"),
      message("4"),
      message("5", "many:b"),
    ]);
    expect(results[0]).toEqual({ id: earlier.id, deduplicated: true });
    expect(results[1]?.deduplicated).toBe(false);
    expect(results[2]?.deduplicated).toBe(false);
    expect(results[3]).toEqual({ id: results[1]?.id, deduplicated: true });
    const rows = await listOutbox(database.db, { to: "cat@example.com", limit: 100 });
    expect(rows.map((row) => row.text).sort()).toEqual(["1", "3", "4"]);
    expect(logger.lines).toHaveLength(5);
    expect(await email.sendMany([])).toEqual([]);
    await expect(
      email.sendMany([message("6", "many:c"), { ...message("7"), to: "nope" }]),
    ).rejects.toMatchObject({
      code: "validation_failed",
    });
    expect(
      (await listOutbox(database.db, { to: "cat@example.com", limit: 100 })).map((row) => row.text),
    ).not.toContain("6");
  });

  it("sends once per dedupe key and returns the first id", async () => {
    const email = new LocalEmailAdapter({ db: database.db, logger: recordingLogger() });
    const message = { to: "bob@example.com", subject: "Receipt", text: "Paid", dedupeKey: "order.paid:o1" };
    const first = await email.send(message);
    const second = await email.send({ ...message, text: "Paid (retry)" });
    expect(second).toEqual({ id: first.id, deduplicated: true });
    const concurrent = await Promise.all([1, 2, 3].map(() => email.send({ ...message, dedupeKey: "k2" })));
    expect(new Set(concurrent.map((r) => r.id)).size).toBe(1);
    expect(concurrent.filter((r) => !r.deduplicated)).toHaveLength(1);
    const rows = await listOutbox(database.db, { to: "bob@example.com", limit: 100 });
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.dedupeKey === "order.paid:o1")?.text).toBe("Paid");
  });

  it("rejects an invalid recipient like the real adapter, writing nothing", async () => {
    const email = new LocalEmailAdapter({ db: database.db, logger: recordingLogger() });
    const error = await email
      .send({ to: "not-an-address", subject: "x", text: "y" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: "validation_failed", status: 422, details: [{ field: "to" }] });
    await expect(email.send({ to: "a@example.com", subject: " ", text: "y" })).rejects.toMatchObject({
      code: "validation_failed",
    });
    expect(await listOutbox(database.db, { to: "not-an-address", limit: 10 })).toEqual([]);
  });

  it("lists newest first with a limit", async () => {
    // A clock a millisecond apart per send: rows written in the same instant have no "newest".
    const clock = new ManualClock(new Date("2031-01-01T00:00:00Z"));
    const email = new LocalEmailAdapter({ db: database.db, logger: recordingLogger(), clock });
    for (const n of [1, 2, 3]) {
      clock.advance(1);
      await email.send({ to: "list@example.com", subject: `m${n}`, text: "t" });
    }
    const rows = await listOutbox(database.db, { to: "list@example.com", limit: 2 });
    expect(rows.map((r) => r.subject)).toEqual(["m3", "m2"]);
  });
});

describe("createProviders", () => {
  it("uses the local adapter without SMTP_URL and the smtp one with it", () => {
    const logger = recordingLogger();
    const local = createProviders({
      config: { emailFrom: "Tally <t@example.com>" },
      db: database.db,
      logger,
    });
    expect(describeProviders(local)).toMatchObject({ email: "local" });
    const smtp = createProviders({
      config: { smtpUrl: "smtp://127.0.0.1:2525", emailFrom: "Tally <t@example.com>" },
      db: database.db,
      logger,
    });
    expect(describeProviders(smtp)).toMatchObject({ email: "smtp" });
  });

  it("accepts the app's pino logger", () => {
    const pinoLogger: Logger = createLogger({ level: "silent" });
    const logger: ProviderLogger = pinoLogger;
    expect(
      createProviders({ config: { emailFrom: "t@example.com" }, db: database.db, logger }).email.adapter,
    ).toBe("local");
  });
});
