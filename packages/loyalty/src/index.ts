export { loyaltyDomain } from "./domain.ts";
export { handlePurchaseProcessed } from "./handlers.ts";
export { awardPurchasePoints, type OrderRef } from "./points/ledger.ts";
export {
  finalizedOrderPoints,
  finalizeOrderPoints,
  releaseStaleReservations,
  reserveOrderPoints,
  revertOrderPoints,
} from "./points/order-points.ts";
export type { OrderPoints, PointTransaction } from "./points/schemas.ts";
export { type MintQueueSummary, runMintQueue } from "./rewards/mint-queue.ts";
