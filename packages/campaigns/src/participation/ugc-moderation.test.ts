import { ManualClock } from "@tally/core";
import {
  api,
  type CreatedCreator,
  createCreator,
  createUser,
  expectError,
  fieldsOf,
  participate,
  seedCampaign,
  seedUser,
  type Tenant,
  useHarness,
} from "@tally/testing";
import { describe, expect, it } from "vitest";

const clock = new ManualClock();
const h = useHarness({ clock });
const SECOND = 1000;

interface Post {
  id: string;
  userId: string;
  username: string | null;
  status: string;
  text: string | null;
  moderatedAt: string | null;
}

const asOwner = (tenant: Tenant, creator: CreatedCreator) => ({
  key: tenant.memberKey,
  userId: creator.ownerId,
});
const queuePath = (creator: CreatedCreator, campaignId: string, rest = "") =>
  `/creator/id/${creator.id}/campaign/${campaignId}/ugc${rest}`;

/** A published UGC campaign with `texts.length` posts by one author (named `ava`), a second apart. */
const campaignWithPosts = async (texts: string[]) => {
  const tenant = await h.createTenant();
  const creator = await createCreator(h, tenant);
  const campaign = await seedCampaign(h, tenant, creator.id, { type: "UGC" });
  const author = await createUser(h, tenant, "ava");
  for (const text of texts) {
    const posted = await participate(h, tenant, campaign.id, "ugc", {
      userId: author.id,
      mediaType: "TEXT",
      text,
    });
    expect(posted.status, posted.text).toBe(201);
    clock.advance(SECOND);
  }
  const queue = async (query = "") => {
    const answer = await api<Post[]>(
      h,
      "GET",
      `${queuePath(creator, campaign.id)}${query}`,
      asOwner(tenant, creator),
    );
    expect(answer.status, answer.text).toBe(200);
    return answer;
  };
  const moderate = (postId: string, status: string) =>
    api<Post>(h, "PATCH", queuePath(creator, campaign.id, `/${postId}`), {
      ...asOwner(tenant, creator),
      body: { status },
    });
  const wall = (query = "") =>
    api<Record<string, unknown>[]>(h, "GET", `/campaign/${campaign.id}/ugc${query}`, {
      key: tenant.memberKey,
    });
  return { tenant, creator, campaign, author, queue, moderate, wall };
};

describe("UGC moderation", () => {
  it("starts every post PENDING, lists the queue newest first by status, and shows fans only what the creator approves", async () => {
    const { author, queue, moderate, wall } = await campaignWithPosts(["first", "second", "third"]);

    const pending = await queue();
    expect(pending.headers.get("X-Total-Count")).toBe("3");
    expect(pending.body.map((post) => [post.text, post.status, post.username, post.userId])).toEqual([
      ["third", "PENDING", "ava", author.id],
      ["second", "PENDING", "ava", author.id],
      ["first", "PENDING", "ava", author.id],
    ]);
    const empty = await wall();
    expect(empty.status, empty.text).toBe(200);
    expect(empty.body).toEqual([]);
    expect(empty.headers.get("X-Total-Count")).toBe("0");

    const [third, second, first] = pending.body;
    const approved = await moderate(first!.id, "APPROVED");
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body).toMatchObject({
      id: first!.id,
      status: "APPROVED",
      username: "ava",
      moderatedAt: clock.now().toISOString(),
    });
    expect((await moderate(third!.id, "APPROVED")).status).toBe(200);
    expect((await moderate(second!.id, "HIDDEN")).status).toBe(200);

    const shown = await wall();
    expect(shown.headers.get("X-Total-Count")).toBe("2");
    expect(shown.body).toEqual([
      {
        id: third!.id,
        mediaType: "TEXT",
        contentUrl: null,
        text: "third",
        productId: null,
        username: "ava",
        createdAt: expect.any(String),
      },
      expect.objectContaining({ id: first!.id, text: "first" }),
    ]);
    expect(shown.text).not.toContain(author.email);
    expect(shown.text).not.toContain(author.id);
    const paged = await wall("?limit=1&offset=1");
    expect(paged.body.map((post) => post.id)).toEqual([first!.id]);
    expect(paged.headers.get("X-Total-Count")).toBe("2");

    const hidden = await queue("?status=HIDDEN");
    expect(hidden.body.map((post) => post.id)).toEqual([second!.id]);
    expect(hidden.headers.get("X-Total-Count")).toBe("1");
    const approvedPage = await queue("?status=APPROVED&limit=1");
    expect(approvedPage.body.map((post) => post.id)).toEqual([third!.id]);
    expect(approvedPage.headers.get("X-Total-Count")).toBe("2");
  });

  it("moves PENDING to APPROVED or HIDDEN and back and forth, and refuses a move from the post's own state with 409 naming it", async () => {
    const { queue, moderate, wall } = await campaignWithPosts(["look"]);
    const [post] = (await queue()).body;

    expect((await moderate(post!.id, "HIDDEN")).body).toMatchObject({ status: "HIDDEN" });
    const hideAgain = await moderate(post!.id, "HIDDEN");
    expectError(hideAgain, 409, "invalid_state");
    expect(hideAgain.body).toMatchObject({
      error: expect.stringContaining("this one is HIDDEN"),
      context: { currentStatus: "HIDDEN", allowedFrom: ["PENDING", "APPROVED"] },
    });
    expect((await moderate(post!.id, "APPROVED")).body).toMatchObject({ status: "APPROVED" });
    expect((await wall()).body).toHaveLength(1);
    const approveAgain = await moderate(post!.id, "APPROVED");
    expectError(approveAgain, 409, "invalid_state");
    expect(approveAgain.body).toMatchObject({ context: { currentStatus: "APPROVED" } });
    expect((await moderate(post!.id, "HIDDEN")).body).toMatchObject({ status: "HIDDEN" });
    expect((await wall()).body).toEqual([]);

    const backToPending = await moderate(post!.id, "PENDING");
    expectError(backToPending, 422, "validation_failed");
    expect(fieldsOf(backToPending)).toEqual(["status"]);
    expect((await queue()).body[0]).toMatchObject({ status: "HIDDEN" });
  });

  it("applies one of several concurrent approvals of a post: the others answer 409", async () => {
    const { queue, moderate } = await campaignWithPosts(["race"]);
    const [post] = (await queue()).body;

    const answers = await Promise.all(Array.from({ length: 5 }, () => moderate(post!.id, "APPROVED")));

    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const refused of answers.filter((answer) => answer.status !== 200))
      expectError(refused, 409, "invalid_state");
    expect((await queue()).body[0]).toMatchObject({ status: "APPROVED" });
  });

  it("guards the queue: the owner or an ADMIN key; 403 otherwise; another creator's campaign or post, or another tenant, is 404", async () => {
    const { tenant, creator, campaign, queue, moderate } = await campaignWithPosts(["mine"]);
    const [post] = (await queue()).body;
    const path = queuePath(creator, campaign.id);

    expect((await api(h, "GET", path, { key: tenant.adminKey })).status).toBe(200);
    expectError(await api(h, "GET", path, { key: tenant.memberKey }), 403, "not_owner");
    const stranger = await seedUser(h, tenant);
    expectError(await api(h, "GET", path, { key: tenant.memberKey, userId: stranger.id }), 403, "not_owner");
    const patchAsStranger = await api(h, "PATCH", `${path}/${post!.id}`, {
      key: tenant.memberKey,
      userId: stranger.id,
      body: { status: "APPROVED" },
    });
    expectError(patchAsStranger, 403, "not_owner");

    const otherCreator = await createCreator(h, tenant);
    expectError(
      await api(h, "GET", queuePath(otherCreator, campaign.id), asOwner(tenant, otherCreator)),
      404,
      "not_found",
    );
    const otherCampaign = await seedCampaign(h, tenant, creator.id, { type: "UGC" });
    const foreignPost = await api(h, "PATCH", queuePath(creator, otherCampaign.id, `/${post!.id}`), {
      ...asOwner(tenant, creator),
      body: { status: "APPROVED" },
    });
    expectError(foreignPost, 404, "not_found");
    expectError(await moderate("nosuchpost", "APPROVED"), 404, "not_found");

    const elsewhere = await h.createTenant();
    expectError(await api(h, "GET", path, { key: elsewhere.adminKey }), 404, "not_found");
    expectError(
      await api(h, "GET", `/campaign/${campaign.id}/ugc`, { key: elsewhere.memberKey }),
      404,
      "not_found",
    );
    expect((await queue()).body[0]).toMatchObject({ status: "PENDING" });
  });

  it("shows the fan side no wall of a draft (404), and answers 409 for a campaign of another type", async () => {
    const tenant = await h.createTenant();
    const creator = await createCreator(h, tenant);
    const draft = await seedCampaign(h, tenant, creator.id, { type: "UGC", status: "DRAFT" });
    const fan = await seedUser(h, tenant);

    expectError(
      await api(h, "GET", `/campaign/${draft.id}/ugc`, { key: tenant.memberKey }),
      404,
      "not_found",
    );
    expectError(
      await api(h, "GET", `/campaign/${draft.id}/ugc`, { key: tenant.memberKey, userId: fan.id }),
      404,
      "not_found",
    );
    const ownerView = await api(h, "GET", `/campaign/${draft.id}/ugc`, asOwner(tenant, creator));
    expect(ownerView.status, ownerView.text).toBe(200);
    expect(ownerView.body).toEqual([]);

    const survey = await seedCampaign(h, tenant, creator.id, { type: "SURVEY" });
    const notUgc = await api(h, "GET", `/campaign/${survey.id}/ugc`, { key: tenant.memberKey });
    expectError(notUgc, 409, "conflict");
    expect(notUgc.body).toMatchObject({ context: { campaignType: "SURVEY" } });
    expectError(
      await api(h, "GET", queuePath(creator, survey.id), asOwner(tenant, creator)),
      409,
      "conflict",
    );
  });
});
