import { init } from "@paralleldrive/cuid2";

/** CUID2 ids: lowercase letters and digits only, as the spec's `^[0-9a-z]+$` requires. */
export const newId: () => string = init({ length: 24 });

export const idPattern = /^[0-9a-z]+$/;
