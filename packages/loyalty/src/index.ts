export { loyaltyDomain } from "./domain.ts";
export type { OrderPoints, PointTransaction } from "./points/schemas.ts";
export {
  awardPurchasePoints,
  finalizeOrderPoints,
  type OrderRef,
  releaseStaleReservations,
  reserveOrderPoints,
  revertOrderPoints,
} from "./points/service.ts";
