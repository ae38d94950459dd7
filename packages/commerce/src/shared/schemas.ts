import { idPattern } from "@tally/core";
import { z } from "zod";

/** A CUID2 id in a path or body. */
export const id = z.string().min(1).max(64).regex(idPattern, "an id of lowercase letters and digits");

export const httpUrl = z.url({ protocol: /^https?$/, error: "an http(s) URL" }).max(2048);

export const socialProfile = z.strictObject({
  platform: z.string().trim().min(1).max(50),
  url: httpUrl,
});

export const socialProfiles = z.array(socialProfile).max(20);

export const evmAddress = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, "an EVM address (0x followed by 40 hex digits)")
  .transform((address) => address.toLowerCase());

export const categoryIds = z.array(z.number().int().positive()).max(20);

export const userIdParam = z.strictObject({ id });
export const creatorIdParam = z.strictObject({ creatorId: id });
