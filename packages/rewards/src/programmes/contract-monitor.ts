import type { Logger } from "@tally/core";
import { nftRewards, withTenant } from "@tally/db";
import type { AppDeps } from "@tally/trpc";
import { and, eq, isNotNull } from "drizzle-orm";
import { recordContractCheck } from "./programme-state.ts";

type Address = `0x${string}`;

export type ContractMonitorDeps = Pick<AppDeps, "database" | "providers" | "clock"> & { logger: Logger };
type DeployedContractState = Awaited<ReturnType<AppDeps["providers"]["rewardChain"]["inspect"]>>;

export interface ContractMonitorSummary {
  checked: number;
  drifted: number;
  /** Programmes the chain could not be read for (left as last checked, retried next run). */
  unreadable: number;
}

/** The runtime code of an ERC-1167 minimal proxy delegating to `implementation` (what the factory deploys). */
export const cloneCodeOf = (implementation: string): string =>
  `0x363d3d373d3d3d363d73${implementation.slice(2).toLowerCase()}5af43d82803e903d91602b57fd5bf3`;

/** What publish recorded for a programme, and the address its salt fixes. */
export interface ExpectedContract {
  proxyAddress: string;
  implementationAddress: string;
  predictedAddress: string;
}

/** What is wrong with a programme's contract as the chain holds it; null when it is the clone publish recorded. */
export const driftOf = (state: DeployedContractState, expected: ExpectedContract): string | null => {
  const problems: string[] = [];
  if (expected.proxyAddress.toLowerCase() !== expected.predictedAddress.toLowerCase())
    problems.push(`the proxy address is not the programme's (its salt gives ${expected.predictedAddress})`);
  if (state.code === "0x") return [...problems, "no contract at the proxy address"].join("; ");
  if (state.code !== cloneCodeOf(expected.implementationAddress))
    problems.push(
      `the code at the proxy address is not the ERC-1167 clone of ${expected.implementationAddress.toLowerCase()}`,
    );
  if (state.operatorRoles === null) problems.push("the contract answers no hasRole");
  else {
    if (!state.operatorRoles.admin) problems.push("the operator no longer holds DEFAULT_ADMIN_ROLE");
    if (!state.operatorRoles.minter) problems.push("the operator no longer holds MINTER_ROLE");
  }
  return problems.length > 0 ? problems.join("; ") : null;
};

/**
 * PUBLISHED programmes with a contract on the chain this deployment reads (across tenants: a job, never a request
 * path); one deployed on another chain is not this chain's to judge.
 */
const publishedProgrammes = (deps: ContractMonitorDeps, organizationId: string | undefined) =>
  deps.database.db
    .select({
      organizationId: nftRewards.organizationId,
      id: nftRewards.id,
      proxyAddress: nftRewards.proxyAddress,
      implementationAddress: nftRewards.implementationAddress,
    })
    .from(nftRewards)
    .where(
      and(
        organizationId === undefined ? undefined : eq(nftRewards.organizationId, organizationId),
        eq(nftRewards.status, "PUBLISHED"),
        eq(nftRewards.chainId, deps.providers.rewardChain.chainId),
        isNotNull(nftRewards.proxyAddress),
        isNotNull(nftRewards.implementationAddress),
      ),
    );

/**
 * The `contract-monitor` cron job (every 10 minutes): reads each PUBLISHED programme's contract (its proxy address
 * must be the one the programme's salt gives, the code there the ERC-1167 clone of the implementation publish
 * recorded, and the operator must still hold its admin and minter roles), then records when it looked and what drifted (`contractDrift`, null when
 * nothing did), warning in the log for each drift. The chain is read with no transaction open; each record is
 * its own short transaction. `scope.organizationId` limits a run to one tenant (tests; an operator's manual run).
 */
export const runContractMonitor = async (
  deps: ContractMonitorDeps,
  scope: { organizationId?: string } = {},
): Promise<ContractMonitorSummary> => {
  const summary: ContractMonitorSummary = { checked: 0, drifted: 0, unreadable: 0 };
  const chain = deps.providers.rewardChain;
  for (const programme of await publishedProgrammes(deps, scope.organizationId)) {
    let state: DeployedContractState;
    let predictedAddress: string;
    try {
      [state, predictedAddress] = await Promise.all([
        chain.inspect(programme.proxyAddress as Address),
        chain.predictAddress({ organizationId: programme.organizationId, rewardId: programme.id }),
      ]);
    } catch (error) {
      summary.unreadable += 1;
      deps.logger.warn(
        { organizationId: programme.organizationId, rewardId: programme.id, err: error },
        "contract-monitor: could not read the reward contract",
      );
      continue;
    }
    const drift = driftOf(state, {
      proxyAddress: programme.proxyAddress!,
      implementationAddress: programme.implementationAddress!,
      predictedAddress,
    });
    const now = deps.clock.now();
    await withTenant(deps.database.db, programme.organizationId, (tx) =>
      recordContractCheck({ tx, now }, programme, drift),
    );
    summary.checked += 1;
    if (drift !== null) {
      summary.drifted += 1;
      deps.logger.warn(
        {
          organizationId: programme.organizationId,
          rewardId: programme.id,
          proxyAddress: programme.proxyAddress,
          drift,
        },
        "contract-monitor: a reward contract drifted from what publish deployed",
      );
    }
  }
  return summary;
};
