import { newId } from "@tally/core";
import { creatorOwners, creators, users } from "@tally/db";
import type { Tenant, TestHarness, TestResponse } from "@tally/testing";
import { expect } from "vitest";

/** Fixtures for the users, follows, notifications, wallets and chat tests. */

export interface ApiWallet {
  address: string;
  type: "EMBEDDED" | "SERVER" | "EXTERNAL";
  chainId: number;
  createdAt: string;
}

export interface ApiUser {
  id: string;
  username: string | null;
  email: string;
  emailVerified: boolean;
  avatarUrl: string | null;
  bio: string | null;
  city: string | null;
  state: string | null;
  createdAt: string;
  updatedAt: string;
  organizationId: string;
  wallets: ApiWallet[];
  socialProfiles: { platform: string; url: string }[];
  interests: { id: number; name: string }[];
}

let sequence = 0;
export const unique = (prefix: string): string => {
  sequence += 1;
  return `${prefix}${Date.now().toString(36)}${sequence}${Math.random().toString(36).slice(2, 8)}`;
};

export const randomAddress = (): string =>
  `0x${Array.from({ length: 40 }, () => "0123456789abcdef"[Math.floor(Math.random() * 16)]).join("")}`;

/** A user created through `POST /user`. */
export const signUp = async (
  h: TestHarness,
  tenant: Tenant,
  body: Record<string, unknown> = {},
): Promise<ApiUser> => {
  const response = await h.request<ApiUser>("POST", "/api/v1/user", {
    key: tenant.memberKey,
    body: { email: `${unique("fan")}@example.com`, walletProviderId: `did:privy:${unique("id")}`, ...body },
  });
  expect(response.status, response.text).toBe(201);
  return response.body;
};

/**
 * A user inserted directly: no `user-created` event, so tests that only need users leave no jobs
 * queued behind the ones the user-created test waits for (the queue is shared by every test file).
 */
export const seedUser = async (h: TestHarness, tenant: Tenant): Promise<{ id: string; email: string }> => {
  const id = newId();
  const email = `${unique("seed")}@example.com`;
  const walletProviderId = `did:seed:${unique("id")}`;
  await h.database.db
    .insert(users)
    .values({ organizationId: tenant.organizationId, id, email, walletProviderId });
  return { id, email };
};

/** A creator owned by `ownerId`, inserted directly (the creator endpoints are another part of the issue). */
export const seedCreator = async (
  h: TestHarness,
  tenant: Tenant,
  ownerId: string,
  options: { createdAt?: Date } = {},
): Promise<{ id: string; slug: string; displayName: string }> => {
  const id = newId();
  const slug = unique("shop-");
  const displayName = `Creator ${slug}`;
  await h.database.db.transaction(async (tx) => {
    await tx.insert(creators).values({
      organizationId: tenant.organizationId,
      id,
      slug,
      displayName,
      ...(options.createdAt ? { createdAt: options.createdAt } : {}),
    });
    await tx
      .insert(creatorOwners)
      .values({ organizationId: tenant.organizationId, creatorId: id, userId: ownerId });
  });
  return { id, slug, displayName };
};

export const expectError = (response: TestResponse, status: number, code: string): void => {
  expect(response.status, response.text).toBe(status);
  expect(response.body).toMatchObject({
    status,
    code,
    error: expect.any(String),
    requestId: expect.any(String),
  });
};

export const fieldsOf = (response: TestResponse): string[] =>
  ((response.body as { details?: { field: string }[] }).details ?? []).map((detail) => detail.field);

/** Polls `probe` until it returns a value (not undefined), up to `timeoutMs`. */
export const eventually = async <T>(probe: () => Promise<T | undefined>, timeoutMs = 8000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};
