import { AppError } from "./errors.ts";

/** A plain route's JSON body: empty is `{}`, anything unparsable is 400 `invalid_json`. */
export const readJsonBody = async (request: Request): Promise<unknown> => {
  const raw = await request.text();
  if (raw.trim() === "") return {};
  try {
    return JSON.parse(raw);
  } catch {
    throw new AppError("invalid_json");
  }
};
