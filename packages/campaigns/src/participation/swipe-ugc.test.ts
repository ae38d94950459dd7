import { campaignSwipes, campaignUgc } from "@tally/db";
import {
  createCreator,
  createProduct,
  expectError,
  fieldsOf,
  inTenant,
  openCreatorShop,
  participate,
  seedCampaign,
  seedUser,
  useHarness,
} from "@tally/testing";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

const h = useHarness();

describe("POST /campaign/{id}/swipe", () => {
  it("records one swipe per item and completes the journey once every item is swiped", async () => {
    const tenant = await h.createTenant();
    const creator = await createCreator(h, tenant);
    const campaign = await seedCampaign(h, tenant, creator.id, {
      type: "SWIPE",
      swipeItems: 2,
      rewardPoints: 5,
    });
    const user = await seedUser(h, tenant);
    const [first, second] = campaign.itemIds;

    const liked = await participate(h, tenant, campaign.id, "swipe", {
      userId: user.id,
      itemId: first,
      direction: "RIGHT",
    });
    expect(liked.status, liked.text).toBe(201);
    expect(liked.body).toMatchObject({ type: "SWIPE", recorded: 1, completed: false, pointsAwarded: 0 });

    const again = await participate(h, tenant, campaign.id, "swipe", {
      userId: user.id,
      itemId: first,
      direction: "LEFT",
    });
    expectError(again, 409, "already_exists");
    expect(again.body).toMatchObject({ context: { itemId: first } });

    const passed = await participate(h, tenant, campaign.id, "swipe", {
      userId: user.id,
      itemId: second,
      direction: "LEFT",
    });
    expect(passed.status, passed.text).toBe(201);
    expect(passed.body).toMatchObject({ participations: 2, completed: true, pointsAwarded: 5 });

    const swipes = await inTenant(h, tenant, (tx) =>
      tx
        .select({ itemId: campaignSwipes.itemId, direction: campaignSwipes.direction })
        .from(campaignSwipes)
        .where(eq(campaignSwipes.journeyId, liked.body.journeyId))
        .orderBy(campaignSwipes.itemId),
    );
    expect(swipes).toEqual([
      { itemId: first, direction: "RIGHT" },
      { itemId: second, direction: "LEFT" },
    ]);
  });

  it("refuses an item of another campaign and an unknown direction with 422", async () => {
    const tenant = await h.createTenant();
    const creator = await createCreator(h, tenant);
    const campaign = await seedCampaign(h, tenant, creator.id, { type: "SWIPE", swipeItems: 1 });
    const other = await seedCampaign(h, tenant, creator.id, { type: "SWIPE", swipeItems: 1 });
    const user = await seedUser(h, tenant);

    const foreign = await participate(h, tenant, campaign.id, "swipe", {
      userId: user.id,
      itemId: other.itemIds[0],
      direction: "RIGHT",
    });
    expectError(foreign, 422, "validation_failed");
    expect(fieldsOf(foreign)).toEqual(["itemId"]);
    const sideways = await participate(h, tenant, campaign.id, "swipe", {
      userId: user.id,
      itemId: campaign.itemIds[0],
      direction: "UP",
    });
    expectError(sideways, 422, "validation_failed");
    expect(fieldsOf(sideways)).toEqual(["direction"]);
  });
});

describe("POST /campaign/{id}/ugc", () => {
  it("stores the content with the featured product as its implicit preference and completes the journey", async () => {
    const tenant = await h.createTenant();
    const shop = await openCreatorShop(h, tenant);
    const product = await createProduct(h, shop);
    const campaign = await seedCampaign(h, tenant, shop.creatorId, { type: "UGC", rewardPoints: 15 });
    const user = await seedUser(h, tenant);

    const posted = await participate(h, tenant, campaign.id, "ugc", {
      userId: user.id,
      mediaType: "IMAGE",
      contentUrl: "https://cdn.example.com/look.jpg",
      productId: product.id,
    });
    expect(posted.status, posted.text).toBe(201);
    expect(posted.body).toMatchObject({ type: "UGC", recorded: 1, completed: true, pointsAwarded: 15 });
    const written = await participate(h, tenant, campaign.id, "ugc", {
      userId: user.id,
      mediaType: "TEXT",
      text: "Love it",
    });
    expect(written.body).toMatchObject({
      participations: 2,
      completed: true,
      pointsAwarded: 0,
      journeyPoints: 15,
    });

    const rows = await inTenant(h, tenant, (tx) =>
      tx
        .select({
          mediaType: campaignUgc.mediaType,
          contentUrl: campaignUgc.contentUrl,
          text: campaignUgc.text,
          productId: campaignUgc.productId,
          signal: campaignUgc.signal,
        })
        .from(campaignUgc)
        .where(eq(campaignUgc.journeyId, posted.body.journeyId))
        .orderBy(campaignUgc.createdAt, campaignUgc.mediaType),
    );
    expect(rows).toEqual([
      {
        mediaType: "IMAGE",
        contentUrl: "https://cdn.example.com/look.jpg",
        text: null,
        productId: product.id,
        signal: "IMPLICIT",
      },
      { mediaType: "TEXT", contentUrl: null, text: "Love it", productId: null, signal: "IMPLICIT" },
    ]);
  });

  it("refuses content without what its media type needs, and a product that is not the creator's, with 422", async () => {
    const tenant = await h.createTenant();
    const creator = await createCreator(h, tenant);
    const foreignProduct = await createProduct(h, await openCreatorShop(h, tenant));
    const campaign = await seedCampaign(h, tenant, creator.id, { type: "UGC" });
    const user = await seedUser(h, tenant);

    const noUrl = await participate(h, tenant, campaign.id, "ugc", {
      userId: user.id,
      mediaType: "VIDEO",
      text: "hi",
    });
    expectError(noUrl, 422, "validation_failed");
    expect(fieldsOf(noUrl)).toEqual(["contentUrl"]);
    const noText = await participate(h, tenant, campaign.id, "ugc", { userId: user.id, mediaType: "TEXT" });
    expectError(noText, 422, "validation_failed");
    expect(fieldsOf(noText)).toEqual(["text"]);
    const badUrl = await participate(h, tenant, campaign.id, "ugc", {
      userId: user.id,
      mediaType: "IMAGE",
      contentUrl: "javascript:alert(1)",
    });
    expectError(badUrl, 422, "validation_failed");
    const notTheirs = await participate(h, tenant, campaign.id, "ugc", {
      userId: user.id,
      mediaType: "IMAGE",
      contentUrl: "https://cdn.example.com/a.jpg",
      productId: foreignProduct.id,
    });
    expectError(notTheirs, 422, "validation_failed");
    expect(fieldsOf(notTheirs)).toEqual(["productId"]);
  });
});
