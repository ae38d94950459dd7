import { z } from "zod";

/** The spec's limits: `limit` 1-100 (default 20), `offset` >= 0 (default 0). */
export const offsetPaginationInput = z.object({
  limit: z.number().int().min(1).max(100).default(20),
  offset: z.number().int().min(0).default(0),
});
export type OffsetPagination = z.infer<typeof offsetPaginationInput>;

/** Endpoints the spec pages by 1-indexed `page` instead (points history, search, discovery). */
export const pagePaginationInput = z.object({
  page: z.number().int().min(1).default(1),
  limit: z.number().int().min(1).max(100).default(20),
});

export const pageInfo = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});
