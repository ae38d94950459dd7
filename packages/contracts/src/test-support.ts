/** What tests of other packages use to deploy and drive TaskEscrow on a local anvil (`@tally/contracts/test-support`). */
export { type LocalAnvil, startLocalAnvil, type Wallet } from "./testing/local-anvil.ts";
export {
  deployTaskEscrow,
  type EscrowCall,
  type EscrowTask,
  type EscrowTotals,
  randomId,
  startTaskEscrowChain,
  type TaskEscrowAddresses,
  type TaskEscrowChain,
  type TaskEscrowDriver,
  type TaskEscrowRoles,
  taskEscrowDriver,
} from "./testing/task-escrow-chain.ts";
