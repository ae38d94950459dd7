import type { CommerceHandlerDeps } from "@tally/commerce";
import type { EventBus } from "@tally/events";
import type { AppDeps } from "@tally/trpc";
import { runAirdropMonitor, settleResolvedAirdrops, startAirdrop } from "./airdrops/monitor.ts";
import { runPresaleMonitor } from "./presales/monitor.ts";
import { handlePresalePurchaseProcessed } from "./presales/purchase.ts";
import { runContractMonitor } from "./programmes/contract-monitor.ts";
import { runMintQueue, runProgrammeMints } from "./programmes/mint-queue.ts";
import { handleNftReceived, handleNftRewardPublished } from "./programmes/notifications.ts";
import { handlePurchaseProcessed } from "./purchase-processed.ts";
import { handleNftRedeemed } from "./redemptions/handlers.ts";
import { registerRewardWebhookHandler } from "./webhooks/deliveries.ts";

/**
 * The rewards domain's subscriptions. `purchase-processed` is handled here rather than in points
 * because the bus has one handler per event and a presale order is settled by rewards; the handler
 * awards the purchase points through `@tally/points`.
 */
export const registerRewardsHandlers = (
  bus: EventBus,
  deps: CommerceHandlerDeps & Pick<AppDeps, "services">,
): void => {
  bus.register("purchase-processed", (payload) => handlePurchaseProcessed({ ...deps, events: bus }, payload));
  registerRewardWebhookHandler(bus, deps);
  bus.register("nft-redeemed", (payload) => handleNftRedeemed(deps, payload));
  bus.register("nft-received", (payload) => handleNftReceived(deps, payload));
  bus.register("nft-reward-published", (payload) => handleNftRewardPublished(deps, payload));
  // A mint run settles the airdrops its mints belong to: the run that settles an airdrop's last mint ends it.
  bus.register("reward-mints-queued", async (programme) => {
    await runProgrammeMints({ ...deps, events: bus }, programme);
    await settleResolvedAirdrops(deps, programme);
  });
  bus.registerCron("mint-queue", async () => {
    await runMintQueue({ ...deps, events: bus });
    await settleResolvedAirdrops(deps);
  });
  // An airdrop starts at its date (the job is published with it) rather than at the monitor's next run.
  bus.register("airdrop", async ({ organizationId, airdropId }) => {
    await startAirdrop({ ...deps, events: bus }, { organizationId, id: airdropId });
  });
  bus.registerCron("airdrop-monitor", async () => {
    await runAirdropMonitor({ ...deps, events: bus });
  });
  bus.registerCron("contract-monitor", async () => {
    await runContractMonitor(deps);
  });
  bus.register("presale-purchase-processed", (payload) =>
    handlePresalePurchaseProcessed({ ...deps, events: bus }, payload),
  );
  bus.registerCron("token-presale-monitor", async () => {
    await runPresaleMonitor({ ...deps, events: bus });
  });
};
