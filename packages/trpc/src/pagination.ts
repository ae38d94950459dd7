import type { Context } from "./context.ts";

/** One page of a list: its items, and the size of the whole list. */
export interface Page<T> {
  items: T[];
  total: number;
}

/** Sends the whole list's size in `X-Total-Count`, as every paginated list does, whatever its body's shape. */
export const sendTotalCount = (ctx: Pick<Context, "responseHeaders">, total: number): void => {
  ctx.responseHeaders.set("X-Total-Count", String(total));
};

/** Answers a page as the spec's lists do: the items as the body, the whole list's size in `X-Total-Count`. */
export const answerPage = <T>(ctx: Pick<Context, "responseHeaders">, page: Page<T>): T[] => {
  sendTotalCount(ctx, page.total);
  return page.items;
};
