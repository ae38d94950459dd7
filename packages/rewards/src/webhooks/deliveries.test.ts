import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { newId } from "@tally/core";
import { deadLetters, withTenant } from "@tally/db";
import { verifyEventSignature } from "@tally/events";
import {
  type ApiSchema,
  api,
  asOwner,
  createCreator,
  createReward,
  createUser,
  eventually,
  expectError,
  type Tenant,
  useHarness,
} from "@tally/testing";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findReward } from "../programmes/service.ts";
import type { RedemptionClaim } from "../redemptions/effect.ts";
import { customWebhookEffect } from "../redemptions/effect-custom-webhook.ts";

// The receiver listens on 127.0.0.1, which the outbound guard refuses unless the composition root allows it.
const h = useHarness({ outboundAllowAddresses: ["127.0.0.1"], retryDelaySeconds: 1 });

interface Received {
  path: string;
  headers: IncomingMessage["headers"];
  body: string;
}
const received: Received[] = [];
/** The status the receiver answers per path, in turn (200 once a path's list is used up). */
const answers = new Map<string, number[]>();
const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    const path = request.url ?? "/";
    received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString() });
    response.writeHead(answers.get(path)?.shift() ?? 200);
    response.end();
  });
});
let origin: string;
let tenant: Tenant;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  tenant = await h.createTenant({ tier: "growth" });
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

type Delivery = ApiSchema<"RewardWebhookDelivery">;

/** A CUSTOM_REWARD programme and a claimed redemption of one of its tokens whose webhook goes to `url`. */
const claimFor = async (url: string) => {
  const creator = await createCreator(h, tenant);
  const reward = await createReward(h, tenant, creator, { type: "CUSTOM" });
  const updated = await api(h, "PUT", `/nft-reward/${reward.id}`, {
    ...asOwner(tenant, creator),
    body: { creatorId: creator.id, customRewardDetails: { webhookUrl: "https://hooks.example.com/tally" } },
  });
  expect(updated.status, updated.text).toBe(200);
  const row = await withTenant(h.database.db, tenant.organizationId, (tx) =>
    findReward(tx, { organizationId: tenant.organizationId, id: reward.id }),
  );
  const fan = await createUser(h, tenant);
  const claim: RedemptionClaim = {
    organizationId: tenant.organizationId,
    redemptionId: newId(),
    userId: fan.id,
    // The stored URL is https (as PUT requires); the local receiver speaks http.
    reward: { ...row, details: { ...row.details, webhookUrl: url } },
    chainId: 8453,
    contractAddress: "0x00000000000000000000000000000000000000aa",
    tokenId: "7",
  };
  return { creator, reward, claim };
};

const deliveriesOf = async (rewardId: string, creator: { ownerId: string }) => {
  const response = await api<Delivery[]>(h, "GET", `/nft-reward/${rewardId}/webhook/deliveries`, {
    key: tenant.memberKey,
    userId: creator.ownerId,
  });
  expect(response.status, response.text).toBe(200);
  return response.body;
};

const settled = (rewardId: string, creator: { ownerId: string }, status: Delivery["status"]) =>
  eventually(async () => {
    const [delivery] = await deliveriesOf(rewardId, creator);
    return delivery?.status === status ? delivery : undefined;
  }, 30_000);

describe("CUSTOM_REWARD webhooks", () => {
  it("queues at once, then POSTs the signed body once per redemption; the creator verifies it with the reward's secret", async () => {
    const path = `/ok-${newId()}`;
    const { creator, reward, claim } = await claimFor(`${origin}${path}`);
    const details = await customWebhookEffect({ deps: h.runtime.deps }, claim);
    expect(details).toEqual({ webhook: { deliveryId: expect.any(String), status: "QUEUED" } });
    const delivered = await settled(reward.id, creator, "DELIVERED");
    expect(delivered).toMatchObject({
      id: (details.webhook as { deliveryId: string }).deliveryId,
      attempts: 1,
    });
    expect(delivered.lastResponseStatus).toBe(200);

    const hits = received.filter((hit) => hit.path === path);
    expect(hits).toHaveLength(1);
    const hit = hits[0]!;
    expect(JSON.parse(hit.body)).toEqual({
      type: "nft-redeemed",
      redemptionId: claim.redemptionId,
      rewardId: reward.id,
      userId: claim.userId,
      token: { chainId: 8453, contract: claim.contractAddress, tokenId: "7" },
      redeemedAt: expect.any(String),
    });
    expect(hit.headers["x-delivery-id"]).toBe(delivered.id);
    const webhook = await api<ApiSchema<"RewardWebhook">>(h, "GET", `/nft-reward/${reward.id}/webhook`, {
      ...asOwner(tenant, creator),
    });
    expect(webhook.status, webhook.text).toBe(200);
    expect(webhook.body).toMatchObject({
      rewardId: reward.id,
      webhookUrl: "https://hooks.example.com/tally",
    });
    const verify = (secret: string) =>
      verifyEventSignature(
        { now: new Date() },
        {
          rawBody: hit.body,
          signature: hit.headers["x-signature"] as string,
          timestamp: hit.headers["x-signature-timestamp"] as string,
          keys: { current: secret },
        },
      );
    expect(verify(webhook.body.signingSecret)).toEqual({ ok: true, key: "current" });
    expect(verify(`${webhook.body.signingSecret}0`)).toMatchObject({ ok: false });

    // The effect run again for the same redemption: the same delivery, nothing sent twice.
    const again = await customWebhookEffect({ deps: h.runtime.deps }, claim);
    expect(again).toEqual({ webhook: { deliveryId: delivered.id, status: "DELIVERED" } });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(received.filter((entry) => entry.path === path)).toHaveLength(1);
    expect(await deliveriesOf(reward.id, creator)).toHaveLength(1);
  });

  it("retries a failing receiver with backoff until it answers 2xx", async () => {
    const path = `/flaky-${newId()}`;
    answers.set(path, [500, 503]);
    const { creator, reward, claim } = await claimFor(`${origin}${path}`);
    await customWebhookEffect({ deps: h.runtime.deps }, claim);
    const delivered = await settled(reward.id, creator, "DELIVERED");
    expect(delivered.attempts).toBe(3);
    const hits = received.filter((hit) => hit.path === path);
    expect(hits).toHaveLength(3);
    // Every attempt carries the same body and delivery id.
    expect(new Set(hits.map((hit) => hit.body)).size).toBe(1);
    expect(new Set(hits.map((hit) => hit.headers["x-delivery-id"]))).toEqual(new Set([delivered.id]));
  }, 60_000);

  it("after the last attempt the delivery is FAILED and the job a dead letter", async () => {
    const path = `/down-${newId()}`;
    answers.set(path, [500, 500, 500, 500, 500, 500]);
    const { creator, reward, claim } = await claimFor(`${origin}${path}`);
    const details = await customWebhookEffect({ deps: h.runtime.deps }, claim);
    const deliveryId = (details.webhook as { deliveryId: string }).deliveryId;
    const failed = await settled(reward.id, creator, "FAILED");
    expect(failed).toMatchObject({ attempts: 4, lastResponseStatus: 500 });
    const letter = await eventually(async () => {
      const [row] = await h.database.db
        .select()
        .from(deadLetters)
        .where(
          and(
            eq(deadLetters.organizationId, tenant.organizationId),
            eq(deadLetters.event, "reward-webhook-delivery"),
          ),
        );
      return row && (row.payload as { deliveryId?: string }).deliveryId === deliveryId ? row : undefined;
    }, 15_000);
    expect(letter.attempts).toBe(4);
    expect(received.filter((hit) => hit.path === path)).toHaveLength(4);
  }, 60_000);

  it("refuses a private, loopback or metadata address for good, without retrying", async () => {
    const { creator, reward, claim } = await claimFor("http://169.254.169.254/latest/meta-data");
    await customWebhookEffect({ deps: h.runtime.deps }, claim);
    const refused = await settled(reward.id, creator, "REFUSED");
    expect(refused.attempts).toBe(1);
    expect(refused.lastError).toMatch(/may not reach/);
  });

  it("refuses a loopback, private or metadata webhook URL where it is entered (422 naming the field), as delivery would", async () => {
    const creator = await createCreator(h, tenant);
    const reward = await createReward(h, tenant, creator, { type: "CUSTOM" });
    const setUrl = (webhookUrl: string) =>
      api(h, "PUT", `/nft-reward/${reward.id}`, {
        ...asOwner(tenant, creator),
        body: { creatorId: creator.id, customRewardDetails: { webhookUrl } },
      });
    for (const url of [
      "https://169.254.169.254/latest/meta-data",
      "https://10.0.0.7/hook",
      "https://192.168.1.20/hook",
      "https://[::1]/hook",
      "https://[::ffff:10.0.0.7]/hook",
      "https://localhost/hook",
      "https://hooks.localhost/hook",
    ]) {
      const refused = await setUrl(url);
      expectError(refused, 422, "validation_failed");
      expect(refused.body, url).toMatchObject({
        details: [
          { field: "customRewardDetails.webhookUrl", message: expect.stringMatching(/may not reach/) },
        ],
      });
    }
    const stored = await api<{ customRewardDetails: unknown }>(
      h,
      "GET",
      `/nft-reward/${reward.id}`,
      asOwner(tenant, creator),
    );
    expect(stored.body.customRewardDetails).toBeNull();

    // The addresses the composition root lets deliveries reach (this file's local receiver) are accepted alike.
    const local = await setUrl(`https://127.0.0.1:${new URL(origin).port}/hook`);
    expect(local.status, local.text).toBe(200);
    expect((await setUrl("https://hooks.example.com/tally")).status).toBe(200);
  });

  it("shows the secret and deliveries to the creator's owner only", async () => {
    const { creator, reward } = await claimFor(`${origin}/unused`);
    const stranger = await createUser(h, tenant);
    for (const path of [`/nft-reward/${reward.id}/webhook`, `/nft-reward/${reward.id}/webhook/deliveries`])
      expectError(
        await api(h, "GET", path, { key: tenant.memberKey, userId: stranger.id }),
        403,
        "not_owner",
      );
    const other = await h.createTenant({ tier: "growth" });
    expectError(
      await api(h, "GET", `/nft-reward/${reward.id}/webhook`, { key: other.adminKey }),
      404,
      "not_found",
    );
    const builder = await h.createTenant({ tier: "builder" });
    expectError(
      await api(h, "GET", `/nft-reward/${reward.id}/webhook`, { key: builder.adminKey }),
      403,
      "tier_required",
    );
    // The secret is made once and stays the same.
    const first = await api<ApiSchema<"RewardWebhook">>(
      h,
      "GET",
      `/nft-reward/${reward.id}/webhook`,
      asOwner(tenant, creator),
    );
    const second = await api<ApiSchema<"RewardWebhook">>(
      h,
      "GET",
      `/nft-reward/${reward.id}/webhook`,
      asOwner(tenant, creator),
    );
    expect(first.body.signingSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(second.body.signingSecret).toBe(first.body.signingSecret);
  });
});
