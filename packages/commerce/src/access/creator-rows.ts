import type { AppError } from "@tally/core";
import type { FindRowOptions, RowRef, Tx } from "@tally/db";
import type { Context, Principal } from "@tally/trpc";
import { type CreatorRow, findCreator, inTenant, isCreatorSide, withCreator } from "./scope.ts";

type AuthedContext = Context & { principal: Principal };

/** A row a creator owns: a reward programme, a campaign, an airdrop, a presale. */
type CreatorOwned = { organizationId: string; creatorId: string };

/** The `rowFinder` of a table of creator-owned rows (`findReward`, `findCampaign`, ...). */
type CreatorRowFinder<Row> = ((
  tx: Tx,
  key: RowRef & { of?: { creatorId: string } },
  options?: FindRowOptions,
) => Promise<Row>) & { notFound: () => AppError };

interface RowById<Row> {
  find: CreatorRowFinder<Row>;
  id: string;
}

/**
 * Routes that name only the row (`/nft-reward/{id}`, `/campaign/{id}`, `/airdrop/{id}`): its creator's
 * ownership guard applies (`withCreator`: X-User-Id must own the creator unless the key is ADMIN), then `fn`
 * runs with the row read again under the guard, locked when `lock`. Another tenant's row is 404.
 */
export const withOwnedRow = async <Row extends CreatorOwned, T>(
  ctx: AuthedContext,
  { find, id, lock }: RowById<Row> & { lock: boolean },
  fn: (tx: Tx, row: Row, creator: CreatorRow) => Promise<T>,
): Promise<T> => {
  const key = { organizationId: ctx.principal.organizationId, id };
  const { creatorId } = await inTenant(ctx, (tx) => find(tx, key));
  return withCreator(ctx, creatorId, async (tx, creator) => fn(tx, await find(tx, key, { lock }), creator));
};

/**
 * Routes that name the creator too (`/creator/id/{creatorId}/…/{id}`): the creator's ownership guard applies,
 * then `fn` runs with the row locked; a row of another creator is 404, as a missing one.
 */
export const withCreatorsRow = <Row, T>(
  ctx: AuthedContext,
  { find, id, creatorId }: RowById<Row> & { creatorId: string },
  fn: (tx: Tx, row: Row, creator: CreatorRow) => Promise<T>,
): Promise<T> =>
  withCreator(ctx, creatorId, async (tx, creator) => {
    const key = { organizationId: creator.organizationId, id, of: { creatorId: creator.id } };
    return fn(tx, await find(tx, key, { lock: true }), creator);
  });

/**
 * Fan-side reads (`GET /nft-reward/{id}`, `GET /campaign/{id}`): the creator side (owner in X-User-Id, or an
 * ADMIN key) reads the row in any state; every other key of the organization reads it when `fanVisible`, and
 * gets 404 otherwise. `creatorSide` tells `fn` which caller it serves. No row lock.
 */
export const withFanVisibleRow = <Row extends CreatorOwned, T>(
  ctx: AuthedContext,
  { find, id, fanVisible }: RowById<Row> & { fanVisible: (row: Row) => boolean },
  fn: (tx: Tx, row: Row, caller: { creatorSide: boolean }) => Promise<T>,
): Promise<T> =>
  inTenant(ctx, async (tx) => {
    const row = await find(tx, { organizationId: ctx.principal.organizationId, id });
    const creator = await findCreator(tx, { organizationId: row.organizationId, id: row.creatorId });
    const creatorSide = await isCreatorSide(tx, ctx, creator);
    if (!creatorSide && !fanVisible(row)) throw find.notFound();
    return fn(tx, row, { creatorSide });
  });
