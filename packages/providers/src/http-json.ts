/** One JSON call to an outside service, as every HTTP adapter makes it. */
export interface JsonRequest {
  url: string;
  method: "GET" | "POST" | "PUT";
  headers: Record<string, string>;
  payload?: object | undefined;
  timeoutMs: number;
  /** Injected for tests; default the global fetch. */
  fetch?: typeof fetch | undefined;
}

export interface JsonAnswer {
  status: number;
  ok: boolean;
  /** The parsed body, or undefined when it is empty or not JSON. */
  body: unknown;
}

/**
 * Sends `payload` as JSON and reads the answer leniently. A network failure or timeout throws the
 * fetch error as is: each adapter decides what an unreachable service means for its port.
 */
export const requestJson = async (request: JsonRequest): Promise<JsonAnswer> => {
  const response = await (request.fetch ?? fetch)(request.url, {
    method: request.method,
    headers: { ...request.headers, accept: "application/json", "content-type": "application/json" },
    ...(request.payload === undefined ? {} : { body: JSON.stringify(request.payload) }),
    signal: AbortSignal.timeout(request.timeoutMs),
  });
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status: response.status, ok: response.ok, body };
};
