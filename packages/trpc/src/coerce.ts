/**
 * Query strings and path segments are text; this converts them to the types the input schema
 * declares (numbers, booleans, arrays) before validation. Only those sources are coerced: JSON
 * bodies are validated as sent, so `"false"` in a body never becomes `true`.
 */
interface ZodLike {
  _zod?: {
    def: {
      type: string;
      innerType?: ZodLike;
      in?: ZodLike;
      element?: ZodLike;
      shape?: Record<string, ZodLike>;
    };
  };
  shape?: Record<string, ZodLike>;
}

const unwrap = (schema: ZodLike | undefined): ZodLike | undefined => {
  let current = schema;
  for (let depth = 0; current?._zod && depth < 8; depth++) {
    const def = current._zod.def;
    if (["optional", "nullable", "default", "prefault", "readonly", "catch"].includes(def.type))
      current = def.innerType;
    else if (def.type === "pipe") current = def.in;
    else break;
  }
  return current;
};

const DECIMAL = /^[+-]?\d+(\.\d+)?([eE][+-]?\d+)?$/;

const coerceScalar = (schema: ZodLike | undefined, value: string): unknown => {
  const type = unwrap(schema)?._zod?.def.type;
  if (type === "number" || type === "int") {
    // Decimal notation only: `Number()` would also read "0x10", "0b1" or "0o7".
    const trimmed = value.trim();
    return DECIMAL.test(trimmed) && Number.isFinite(Number(trimmed)) ? Number(trimmed) : value;
  }
  if (type === "boolean") return value === "true" ? true : value === "false" ? false : value;
  if (type === "bigint") return /^-?\d+$/.test(value) ? BigInt(value) : value;
  return value;
};

export const shapeOf = (schema: unknown): Record<string, ZodLike> | undefined => {
  const unwrapped = unwrap(schema as ZodLike);
  return unwrapped?._zod?.def.type === "object" ? (unwrapped._zod.def.shape ?? unwrapped.shape) : undefined;
};

export const coerceParams = (
  schema: unknown,
  params: Record<string, string | string[]>,
): Record<string, unknown> => {
  const shape = shapeOf(schema) ?? {};
  const result: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(params)) {
    const field = shape[key];
    const unwrapped = unwrap(field);
    if (unwrapped?._zod?.def.type === "array") {
      const values = Array.isArray(raw) ? raw : raw.split(",");
      result[key] = values.map((value) => coerceScalar(unwrapped._zod?.def.element, value));
    } else {
      const value = Array.isArray(raw) ? (raw[raw.length - 1] as string) : raw;
      result[key] = coerceScalar(field, value);
    }
  }
  return result;
};
