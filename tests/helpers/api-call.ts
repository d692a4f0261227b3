/** A call to the API as the web tier's scripts make it: a JSON body when there is one, the JSON answer back. */
import type { TestRuntime } from "./runtime";

/** The answer's status and its JSON body, typed as the test expects it. */
export interface JsonAnswer<Body> {
  status: number;
  json: Body;
}

/** Calls `path` as the member whose token it is (a guest without one). */
export async function callJson<Body>(
  runtime: TestRuntime,
  token: string | undefined,
  method: string,
  path: string,
  body?: unknown,
): Promise<JsonAnswer<Body>> {
  const response = await runtime.request(path, {
    method,
    token,
    ...(body === undefined ? {} : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
  });
  return { status: response.status, json: (await response.json()) as Body };
}
