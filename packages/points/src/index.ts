export { pointsDomain } from "./domain.ts";
export {
  finalizeOrderPoints,
  type OrderPointsContext,
  type ReserveOrderPointsOptions,
  releaseStaleReservations,
  reserveOrderPoints,
  revertOrderPoints,
} from "./ledger/order-points.ts";
export {
  type PointsPosting,
  type PointTransactionRow,
  type PostPointsContext,
  postPoints,
} from "./ledger/post.ts";
export type { OrderPoints, PointTransaction } from "./ledger/schemas.ts";
export { awardPointsForPurchases } from "./purchases/purchase-processed.ts";
