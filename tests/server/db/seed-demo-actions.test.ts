/**
 * Issue 25 item 13: on a fresh demo seed every demo login can do the main action of its role once, through the real
 * API: demo_client asks demo_escort for a date and writes to her, demo_escort accepts a request waiting for her,
 * demo_member (plus) keeps a private note, demo_team decides the first item of the moderation queue. Today's
 * failure was the first one: the seed's requests counted against demo_client's daily limit.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DateList, DateOptions } from "#server/contract/dates";
import type { ModerationQueue } from "#server/contract/moderation";
import { DEMO_PASSWORD, seedDemoData } from "#server/db/seed/index";
import { createTestRuntime, login, type TestRuntime } from "../../helpers/runtime";

let rt: TestRuntime;
let mediaDir: string;
beforeAll(async () => {
  rt = await createTestRuntime();
  mediaDir = await mkdtemp(join(tmpdir(), "velora-seed-actions-"));
  await seedDemoData({ db: rt.deps.db, clock: rt.clock, config: { ...rt.deps.config, mediaDir } });
}, 120_000);
afterAll(async () => {
  await rt.close();
  await rm(mediaDir, { recursive: true, force: true });
});

async function as(username: string) {
  const { status, body } = await login(rt, username, DEMO_PASSWORD);
  expect(status, username).toBe(200);
  const token = String(body.access_token);
  return async <T>(path: string, init: { method?: string; body?: unknown } = {}) => {
    const response = await rt.request(path, {
      method: init.method ?? "GET",
      token,
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body), headers: { "content-type": "application/json" } }),
    });
    const json = (await response.json()) as { data: T; errors?: unknown };
    expect(response.status, `${username} ${init.method ?? "GET"} ${path}: ${JSON.stringify(json.errors ?? "")}`).toBeLessThan(300);
    return json.data;
  };
}

describe("the demo logins on a fresh seed", () => {
  it("demo_client asks demo_escort for a date and writes to her", async () => {
    const call = await as("demo_client");
    const options = await call<DateOptions>("/api/v2/dates/options/demo_escort");
    const starts = options.earliest_start + 24 * 60 * 60 * 1000;
    await call("/api/v2/dates/send/demo_escort", {
      method: "POST",
      body: { starts_at: starts, duration_minutes: options.durations[0]!.duration_minutes, place_type: "incall", message: "Hallo!" },
    });
    await call("/api/v2/messenger/send/demo_escort", { method: "POST", body: { body: "Ich habe dir eine Anfrage geschickt." } });
  });

  it("demo_escort accepts a request that waits for her", async () => {
    const call = await as("demo_escort");
    const waiting = await call<DateList>("/api/v2/dates?stage=needs_confirmation");
    const request = waiting.items.find((item) => item.actions.includes("accept"));
    expect(request).toBeDefined();
    await call(`/api/v2/dates/${request!.id}/accept`, { method: "POST", body: { version: request!.version } });
  });

  it("demo_member (plus) keeps a private note on demo_escort", async () => {
    const call = await as("demo_member");
    await call("/api/v2/profiles/demo_escort/notes", { method: "PUT", body: { text: "Tour nach München, Abendessen in Schwabing." } });
  });

  it("demo_team decides the first item waiting in the moderation queue", async () => {
    const call = await as("demo_team");
    const queue = await call<ModerationQueue>("/api/v2/backoffice/queue");
    expect(queue.items.length).toBeGreaterThan(0);
    const first = queue.items[0]!;
    await call(`/api/v2/backoffice/${first.kind === "media" ? "media" : "texts"}/${first.id}/accept`, { method: "POST" });
  });
});
