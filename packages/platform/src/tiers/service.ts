import { AppError } from "@tally/core";
import { type Executor, subscriptionTiers } from "@tally/db";
import { asc, eq } from "drizzle-orm";

export const listTiers = (db: Executor) =>
  db.select().from(subscriptionTiers).orderBy(asc(subscriptionTiers.price));

export const getTier = async (db: Executor, id: string) => {
  const [tier] = await db.select().from(subscriptionTiers).where(eq(subscriptionTiers.id, id));
  if (!tier) throw new AppError("not_found", "Subscription tier not found");
  return tier;
};
