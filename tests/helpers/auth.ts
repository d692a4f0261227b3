/**
 * Helpers for the auth integration suites: token requests with any fields,
 * fresh client addresses, and the error-shape assertion every failure must meet.
 */
import { expect } from "vitest";
import type { TestRuntime } from "./runtime";

export interface TokenAnswer {
  access_token?: string;
  refresh_token?: string;
  token_type?: string;
  expires_in?: number;
  code?: number;
  error?: string;
  captcha_required?: boolean;
  errors?: Array<{ code: number | string; title: string; message: string; key: string; source?: string }>;
}

/** POST /oauth/v2/token, form-encoded, with exactly the given fields. */
export async function tokenRequest(
  rt: TestRuntime,
  fields: Record<string, string>,
  ip?: string,
): Promise<{ status: number; body: TokenAnswer }> {
  const response = await rt.request("/oauth/v2/token", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
    ip,
  });
  return { status: response.status, body: (await response.json()) as TokenAnswer };
}

export function passwordLogin(rt: TestRuntime, username: string, password: string, ip?: string, extra: Record<string, string> = {}) {
  return tokenRequest(rt, { grant_type: "password", username, password, ...extra }, ip);
}

let ipCounter = 0;
/** A client address no other test has used, so per-IP limits do not leak between tests. */
export function freshIp(): string {
  ipCounter += 1;
  return `198.51.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
}

/** Spec section 8: `{ code, errors: [{ code, title, message, key, source? }] }` with translation keys. */
export function expectErrorShape(body: unknown, status: number): void {
  const shaped = body as { code: unknown; errors: unknown };
  expect(shaped.code).toBe(status);
  expect(Array.isArray(shaped.errors)).toBe(true);
  const errors = shaped.errors as Array<Record<string, unknown>>;
  expect(errors.length).toBeGreaterThan(0);
  for (const item of errors) {
    expect(["number", "string"]).toContain(typeof item.code);
    expect(item.key).toMatch(/^(validation|exception)\.[a-z0-9_.]+$/);
    expect(item.title).toBe(item.key);
    expect(item.message).toBe(item.key);
    if ("source" in item) expect(typeof item.source).toBe("string");
  }
}

export async function jsonOf(response: Response): Promise<Record<string, unknown>> {
  return (await response.json()) as Record<string, unknown>;
}
