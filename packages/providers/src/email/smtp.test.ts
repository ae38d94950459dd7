import type { AddressInfo } from "node:net";
import type { Database } from "@tally/db";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listOutbox } from "./outbox.ts";
import { SmtpEmailAdapter } from "./smtp.ts";
import { migratedMemoryDb, recordingLogger } from "./test-support.ts";

interface Received {
  from: string | undefined;
  to: string[];
  raw: string;
}

let database: Database;
let server: SMTPServer;
let smtpUrl: string;
const received: Received[] = [];

beforeAll(async () => {
  database = await migratedMemoryDb();
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith("rejected@")) {
        const error = Object.assign(new Error("No such user"), { responseCode: 550 });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  smtpUrl = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await database.close();
});

const adapter = () =>
  new SmtpEmailAdapter({
    smtpUrl,
    from: "Tally <no-reply@tally.test>",
    db: database.db,
    logger: recordingLogger(),
  });

describe("SmtpEmailAdapter", () => {
  it("delivers a real message over SMTP and records it", async () => {
    const result = await adapter().send({
      to: "ada@example.com",
      subject: "Your receipt",
      text: "Thanks for your order",
      html: "<p>Thanks</p>",
      template: "receipt",
    });
    expect(result.deduplicated).toBe(false);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ from: "no-reply@tally.test", to: ["ada@example.com"] });
    expect(received[0]?.raw).toContain("Subject: Your receipt");
    expect(received[0]?.raw).toContain("Thanks for your order");
    const [row] = await listOutbox(database.db, { to: "ada@example.com", limit: 1 });
    expect(row).toMatchObject({ id: result.id, template: "receipt" });
  });

  it("sends once per dedupe key", async () => {
    const email = adapter();
    const message = { to: "bob@example.com", subject: "Points", text: "+10", dedupeKey: "points:p1" };
    const first = await email.send(message);
    const again = await adapter().send(message);
    expect(again).toEqual({ id: first.id, deduplicated: true });
    expect(received.filter((m) => m.to.includes("bob@example.com"))).toHaveLength(1);
  });

  it("rejects an invalid address before connecting", async () => {
    const before = received.length;
    await expect(adapter().send({ to: "nope", subject: "s", text: "t" })).rejects.toMatchObject({
      code: "validation_failed",
    });
    expect(received).toHaveLength(before);
  });

  it("maps a permanent recipient rejection to validation_failed and records nothing", async () => {
    await expect(
      adapter().send({ to: "rejected@example.com", subject: "s", text: "t", dedupeKey: "rej:1" }),
    ).rejects.toMatchObject({ code: "validation_failed" });
    expect(await listOutbox(database.db, { to: "rejected@example.com", limit: 10 })).toEqual([]);
  });

  it("maps an unreachable server to service_unavailable", async () => {
    const closed = new SMTPServer({ logger: false });
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const email = new SmtpEmailAdapter({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: "t@tally.test",
      db: database.db,
      logger: recordingLogger(),
    });
    await expect(email.send({ to: "c@example.com", subject: "s", text: "t" })).rejects.toMatchObject({
      code: "service_unavailable",
    });
  });
});
