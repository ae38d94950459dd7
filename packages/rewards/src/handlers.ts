import type { CommerceHandlerDeps } from "@tally/commerce";
import type { EventBus } from "@tally/events";
import type { AppDeps } from "@tally/trpc";
import { runAirdropMonitor, settleResolvedAirdrops, startAirdrop } from "./airdrops/monitor.ts";
import { runPresaleMonitor } from "./presales/monitor.ts";
import { handlePresalePurchaseProcessed } from "./presales/purchase.ts";
import { runContractMonitor } from "./programmes/contract-monitor.ts";
import { runMintQueue, runProgrammeMints } from "./programmes/mint-queue.ts";
import { handleNftReceived, handleNftRewardPublished } from "./programmes/notifications.ts";
import { settlePresaleOrders } from "./purchase-processed.ts";
import { handleNftRedeemed } from "./redemptions/handlers.ts";
import { registerRewardWebhookHandler } from "./webhooks/deliveries.ts";

/** The rewards domain's subscriptions and cron jobs. */
export const registerRewardsHandlers = (
  bus: EventBus,
  deps: CommerceHandlerDeps & Pick<AppDeps, "services">,
): void => {
  bus.subscribeBatch("purchase-processed", "rewards", (jobs) =>
    settlePresaleOrders(
      { ...deps, events: bus },
      jobs.map((job) => job.payload),
    ),
  );
  registerRewardWebhookHandler(bus, deps);
  bus.subscribe("nft-redeemed", "rewards", (payload) => handleNftRedeemed(deps, payload));
  bus.subscribe("nft-received", "rewards", (payload) => handleNftReceived(deps, payload));
  bus.subscribe("nft-reward-published", "rewards", (payload) => handleNftRewardPublished(deps, payload));
  // A mint run settles the airdrops its mints belong to: the run that settles an airdrop's last mint ends it.
  bus.subscribe("reward-mints-queued", "rewards", async (programme) => {
    await runProgrammeMints({ ...deps, events: bus }, programme);
    await settleResolvedAirdrops(deps, programme);
  });
  bus.registerCron("mint-queue", async () => {
    await runMintQueue({ ...deps, events: bus });
    await settleResolvedAirdrops(deps);
  });
  // An airdrop starts at its date (the job is published with it) rather than at the monitor's next run.
  bus.subscribe("airdrop", "rewards", async ({ organizationId, airdropId }) => {
    await startAirdrop({ ...deps, events: bus }, { organizationId, id: airdropId });
  });
  bus.registerCron("airdrop-monitor", async () => {
    await runAirdropMonitor({ ...deps, events: bus });
  });
  bus.registerCron("contract-monitor", async () => {
    await runContractMonitor(deps);
  });
  bus.subscribe("presale-purchase-processed", "rewards", (payload) =>
    handlePresalePurchaseProcessed({ ...deps, events: bus }, payload),
  );
  bus.registerCron("token-presale-monitor", async () => {
    await runPresaleMonitor({ ...deps, events: bus });
  });
};
