import { router } from "@tally/trpc";
import { pointsRouter } from "./points/router.ts";

export const loyaltyRouter = router({ points: pointsRouter });
export { registerLoyaltyHandlers } from "./handlers.ts";
export type { OrderPoints, PointTransaction } from "./points/schemas.ts";
export {
  awardPurchasePoints,
  finalizeOrderPoints,
  type OrderRef,
  releaseStaleReservations,
  reserveOrderPoints,
  revertOrderPoints,
} from "./points/service.ts";
