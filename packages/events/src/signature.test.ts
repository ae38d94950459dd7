import { describe, expect, it } from "vitest";
import {
  computeSignature,
  readSignatureHeaders,
  signEventRequest,
  verifyEventSignature,
} from "./signature.ts";

const current = "current-signing-key";
const next = "next-signing-key";
const body = JSON.stringify({ organizationId: "org1", orderId: "o1" });
const now = new Date("2026-01-01T00:00:00Z");

const verify = (headers: { "X-Signature": string; "X-Signature-Timestamp": string }, at = now, raw = body) =>
  verifyEventSignature(
    { now: at },
    {
      rawBody: raw,
      signature: headers["X-Signature"],
      timestamp: headers["X-Signature-Timestamp"],
      keys: { current, next },
    },
  );

describe("event signatures", () => {
  it('signs HMAC-SHA256 hex over timestamp + "." + raw body', () => {
    const headers = signEventRequest(current, body, now);
    expect(headers["X-Signature-Timestamp"]).toBe("1767225600");
    expect(headers["X-Signature"]).toBe(computeSignature(current, "1767225600", body));
    expect(headers["X-Signature"]).toMatch(/^[0-9a-f]{64}$/);
  });

  it("accepts the current key and the next key", () => {
    expect(verify(signEventRequest(current, body, now))).toEqual({ ok: true, key: "current" });
    expect(verify(signEventRequest(next, body, now))).toEqual({ ok: true, key: "next" });
  });

  it("rejects a wrong key, a changed body and missing headers", () => {
    expect(verify(signEventRequest("other-key", body, now))).toEqual({ ok: false, reason: "mismatch" });
    expect(verify(signEventRequest(current, body, now), now, `${body} `)).toEqual({
      ok: false,
      reason: "mismatch",
    });
    expect(
      verifyEventSignature({ now }, { rawBody: body, signature: null, timestamp: "1", keys: { current } }),
    ).toEqual({
      ok: false,
      reason: "missing_signature",
    });
    expect(verify({ "X-Signature": "zz", "X-Signature-Timestamp": "1767225600" })).toEqual({
      ok: false,
      reason: "mismatch",
    });
  });

  it("enforces the 300 s tolerance both ways", () => {
    const signed = signEventRequest(current, body, now);
    expect(verify(signed, new Date(now.getTime() + 300_000)).ok).toBe(true);
    expect(verify(signed, new Date(now.getTime() + 301_000))).toEqual({
      ok: false,
      reason: "stale_timestamp",
    });
    expect(verify(signed, new Date(now.getTime() - 301_000))).toEqual({
      ok: false,
      reason: "stale_timestamp",
    });
    expect(verify({ ...signed, "X-Signature-Timestamp": "12.5" })).toEqual({
      ok: false,
      reason: "malformed_timestamp",
    });
  });

  it("does not accept the next key's signature when no next key is configured", () => {
    const signed = signEventRequest(next, body, now);
    const result = verifyEventSignature(
      { now },
      {
        rawBody: body,
        signature: signed["X-Signature"],
        timestamp: signed["X-Signature-Timestamp"],
        keys: { current },
      },
    );
    expect(result).toEqual({ ok: false, reason: "mismatch" });
  });

  it("reads the headers case-insensitively", () => {
    const signed = signEventRequest(current, body, now);
    expect(readSignatureHeaders(new Headers(signed))).toEqual({
      signature: signed["X-Signature"],
      timestamp: signed["X-Signature-Timestamp"],
    });
    expect(readSignatureHeaders({ "x-signature": "a", "x-signature-timestamp": "1" })).toEqual({
      signature: "a",
      timestamp: "1",
    });
  });
});
