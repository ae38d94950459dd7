import { campaignsDomain } from "@tally/campaigns";
import { commerceDomain } from "@tally/commerce";
import { paymentsDomain } from "@tally/payments";
import { platformDomain } from "@tally/platform";
import { pointsDomain } from "@tally/points";
import { rewardsDomain } from "@tally/rewards";
import { taskpoolDomain } from "@tally/taskpool";
import { type AnyRouter, router } from "@tally/trpc";

/** Every domain the server wires, in dependency order: adding a domain package is one line here. */
export const domains = [
  platformDomain,
  commerceDomain,
  pointsDomain,
  rewardsDomain,
  campaignsDomain,
  paymentsDomain,
  taskpoolDomain,
] as const;

type Domains = (typeof domains)[number];
type DomainRouters = { [D in Domains as D["name"]]: D["router"] };

const routersOf = (list: readonly { name: string; router: AnyRouter }[]) =>
  Object.fromEntries(list.map((domain) => [domain.name, domain.router])) as DomainRouters;

/** Every domain's router merged into one tree: the REST surface, `/trpc` and the typed client all come from it. */
export const appRouter = router(routersOf(domains));

export type AppRouter = typeof appRouter;
