import { AppError } from "@tally/core";

export interface InertSettingChange<T> {
  field: string;
  current: T;
  requested: T | undefined;
  /** Why the value cannot take effect yet, for the caller. */
  why: string;
}

/** The chain every payment of a deployment settles on is the deployment's, not a stored setting. */
export const CHAIN_IS_THE_DEPLOYMENTS =
  "payments settle on the chain this deployment is configured with (BASE_RPC_URL, or the local chain), not on this setting";

/**
 * Settings the API stores but nothing reads yet. A change is refused rather than answered 200 with
 * no effect; sending the value already held is accepted, so a client that writes back the whole
 * object it read (or retries) is not broken.
 */
export const refuseInertChange = <T>({ field, current, requested, why }: InertSettingChange<T>): void => {
  if (requested === undefined || requested === current) return;
  const message = `${field} cannot be changed yet: ${why}; it stays ${JSON.stringify(current)}`;
  throw new AppError("validation_failed", message, { details: [{ field, message }] });
};
