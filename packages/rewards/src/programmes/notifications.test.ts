import {
  api,
  asOwner,
  createCreator,
  eventually,
  grantReward,
  handlerDeps,
  notificationsOf,
  publishableReward,
  seedFans,
  setRewardMode,
  useHarness,
  walletHolder,
} from "@tally/testing";
import { describe, expect, it } from "vitest";
import { handleNftReceived, handleNftRewardPublished } from "./notifications.ts";

// The worker takes the events the routes publish.
const h = useHarness();

describe("reward notifications", () => {
  it("nft-received: the fan is notified of the token once, whatever the number of deliveries", async () => {
    const tenant = await h.createTenant({ tier: "growth" });
    await setRewardMode(h, tenant, "IMMEDIATE");
    const creator = await createCreator(h, tenant);
    const draft = await publishableReward(h, tenant, creator);
    const published = await api(h, "PUT", `/nft-reward/${draft.id}/publish`, asOwner(tenant, creator));
    expect(published.status, published.text).toBe(200);
    const { user, address } = await walletHolder(h, tenant);

    const granted = await grantReward(h, tenant, creator, draft.id, user.id);

    expect(granted.body.mint.status).toBe("COMPLETED");
    const [notice] = await eventually(async () => {
      const rows = await notificationsOf(h, tenant, user.id, "nft-received");
      return rows.length > 0 ? rows : undefined;
    }, 60_000);
    expect(notice).toMatchObject({
      recipientType: "USER",
      data: { rewardId: draft.id, mintId: granted.body.mint.id, tokenId: "1", walletAddress: address },
    });
    // A second delivery of the event adds nothing.
    await handleNftReceived(handlerDeps(h), {
      organizationId: tenant.organizationId,
      userId: user.id,
      rewardId: draft.id,
      mintId: granted.body.mint.id,
    });
    expect(await notificationsOf(h, tenant, user.id, "nft-received")).toHaveLength(1);
  }, 120_000);

  it("nft-reward-published: the creator's followers are notified of the programme once each; others are not", async () => {
    const tenant = await h.createTenant({ tier: "growth" });
    const creator = await createCreator(h, tenant);
    const followers = await seedFans(h, tenant, 3, { creatorId: creator.id });
    const [outsider] = await seedFans(h, tenant, 1);
    const draft = await publishableReward(h, tenant, creator);

    const published = await api(h, "PUT", `/nft-reward/${draft.id}/publish`, asOwner(tenant, creator));

    expect(published.status, published.text).toBe(200);
    for (const follower of followers) {
      const [notice] = await eventually(async () => {
        const rows = await notificationsOf(h, tenant, follower.id, "nft-reward-published");
        return rows.length > 0 ? rows : undefined;
      }, 60_000);
      expect(notice).toMatchObject({
        recipientType: "USER",
        data: { rewardId: draft.id, creatorId: creator.id },
      });
    }
    await handleNftRewardPublished(handlerDeps(h), {
      organizationId: tenant.organizationId,
      rewardId: draft.id,
    });
    for (const follower of followers)
      expect(await notificationsOf(h, tenant, follower.id, "nft-reward-published")).toHaveLength(1);
    expect(await notificationsOf(h, tenant, outsider!.id, "nft-reward-published")).toEqual([]);
  }, 120_000);
});
