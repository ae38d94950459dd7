import { AppError } from "@tally/core";
import type { Tx } from "@tally/db";
import type { AirdropRow } from "./service.ts";

/** Redemption tracking of an airdrop's delivered tokens: waits for the redemption records (nft_redemptions). */
export const airdropRedemptions = async (_tx: Tx, _airdrop: AirdropRow): Promise<never> => {
  throw new AppError("not_implemented", "Redemption tracking needs the redemption records, not built yet");
};
