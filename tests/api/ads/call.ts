/** The ads suites' JSON call: a request as the member whose token it is, the enveloped answer back, typed. */
import type { TestRuntime } from "../../helpers/runtime";

export interface Body<T> {
  data: T;
  errors?: Array<{ key: string; source?: string; params?: Record<string, unknown> }>;
}

export interface CallInit {
  token?: string;
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export function jsonCaller(rt: () => TestRuntime) {
  return async function call<T>(path: string, init: CallInit = {}) {
    const response = await rt().request(path, {
      method: init.method ?? "GET",
      token: init.token,
      headers: { ...(init.body === undefined ? {} : { "content-type": "application/json" }), ...init.headers },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    return { status: response.status, body: (await response.json()) as Body<T> };
  };
}
