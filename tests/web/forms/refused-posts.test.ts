/**
 * One form dialect (issue 24 item 3, ADR 063): a refused post of any feature is answered the same way — status 400,
 * the page again with every error where the member sees it (at its field, or above the form for a hidden one) and the
 * input kept. One case per converted feature, each an invalid post no test covered before: a nonsense id in a button
 * form, a hidden field a hand-made post got wrong, a form the page does not have. The real host, web tier and API.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATE_STATUS } from "#server/contract/dates";
import { REVIEW_CRITERIA, type ReviewedParty } from "#server/contract/reviews";
import { USER_TYPE } from "#server/contract/users";
import { insertDate } from "../../api/reviews/date-fixture";
import { callJson } from "../../helpers/api-call";
import { createTestHost, type TestHost } from "../../helpers/host";
import { createTestRuntime, createUser, listedMember, signIn, type TestRuntime } from "../../helpers/runtime";

const ORIGIN = "http://velora.test";
const DAY = 24 * 60 * 60 * 1000;
const REVIEW_NOT_FOUND = "Dieses Date oder diese Bewertung gibt es nicht oder sie ist nicht für dich.";

/** A review of a member of `party` with every criterion rated. */
const reviewBody = (party: ReviewedParty) => ({
  ratings: Object.fromEntries(REVIEW_CRITERIA[party].map((criterion) => [criterion, 4])),
  would_you_recommend_this_user: "yes",
  profile_match_reality: "yes",
  would_you_come_again: "yes",
  punctuality: "on_time",
  text: "Pünktlich, freundlich und alles wie besprochen. Gerne wieder.",
});

let rt: TestRuntime;
let host: TestHost;
let client: Awaited<ReturnType<typeof listedMember>>;
let escort: Awaited<ReturnType<typeof listedMember>>;
let staff: Awaited<ReturnType<typeof signIn>>;

beforeAll(async () => {
  rt = await createTestRuntime();
  host = await createTestHost(rt);
  client = await listedMember(rt, USER_TYPE.client);
  escort = await listedMember(rt, USER_TYPE.escort);
  staff = await signIn(rt, await createUser(rt, { userType: USER_TYPE.team }));
}, 120_000);
afterAll(async () => {
  await rt.close();
});

/** A plain form post from our own page, as the member's browser sends it without JavaScript. */
async function post(member: { token: string }, path: string, fields: Record<string, string>) {
  const response = await host.send(
    new Request(`${ORIGIN}${path}`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: ORIGIN,
        cookie: `tk=${encodeURIComponent(member.token)}; keep_logged_in=1`,
      },
    }),
  );
  return { status: response.status, html: await response.text() };
}

/** The text of the alert lists (FormErrors and the features' own alerts) of a page. */
const alerts = (html: string) =>
  [...html.matchAll(/role="alert"[^>]*>([\s\S]*?)<\/(?:div|p)>/g)].map((match) => match[1]!.replace(/<[^>]+>/g, " "));
/** The error line under a field (ErrorLine): its text (the error anchor it holds is an empty element). */
const fieldError = (html: string, name: string) =>
  new RegExp(`data-field-error="${name.replace(/\./g, "\\.")}"[^>]*>([\\s\\S]*?)</p>`).exec(html)?.[1]?.replace(/<[^>]+>/g, "") ?? null;

describe("a refused post is the page again with its errors, status 400 (issue 24 item 3)", () => {
  it("tours: a cancel for a tour id that names no tour", async () => {
    const answer = await post(escort, "/de/user/tours", { intent: "cancel", tour_id: "abc" });
    expect(answer.status).toBe(400);
    expect(alerts(answer.html).join(" ")).toContain("Diese Tour gibt es nicht.");
    expect(answer.html).toContain('data-testid="tours-empty"');
  });

  it("friends: an answer with a key that is no key", async () => {
    const answer = await post(client, "/de/user/friends", { intent: "accept", link_id: "7", key: "short" });
    expect(answer.status).toBe(400);
    expect(alerts(answer.html).join(" ")).toContain("Diese Anfrage gibt es nicht mehr.");
  });

  it("notifications: a read mark for an id that names no notification", async () => {
    const answer = await post(client, "/de/my_notification", { intent: "read", id: "abc", page: "1", filter: "all" });
    expect(answer.status).toBe(400);
    expect(alerts(answer.html).join(" ")).toContain("Diese Benachrichtigung gibt es nicht (mehr).");
  });

  it("messenger: a thread action for an id that names no thread", async () => {
    const answer = await post(client, "/de/messenger", { intent: "hide", thread_id: "0" });
    expect(answer.status).toBe(400);
    expect(alerts(answer.html).join(" ")).toContain("Diese Unterhaltung gibt es nicht.");
  });

  it("profile actions: a friend answer without a link, shown at the friend forms", async () => {
    const answer = await post(client, `/de/p/${escort.username}`, { intent: "friend_accept", tab: "", link_id: "x", key: "y" });
    expect(answer.status).toBe(400);
    expect(alerts(answer.html).join(" ")).toContain("Diese Anfrage gibt es nicht mehr.");
  });

  it("dates: an answer with a version that is no number, shown above the date's buttons", async () => {
    const id = await insertDate(rt, client.id, escort.id, { startsAt: rt.clock.now() + 2 * DAY });
    const answer = await post(client, `/de/my_date/${id}`, { intent: "cancel", version: "abc" });
    expect(answer.status).toBe(400);
    expect(alerts(answer.html).join(" ")).toContain("Bitte überprüfe diese Eingabe.");
  });

  it("reviews: an answer to a review id that names none keeps the text typed; with no answer form, the error is on top", async () => {
    const id = await insertDate(rt, client.id, escort.id, { status: DATE_STATUS.accept });
    // Before either review: no answer form on the page, so a hand-made answer's error is shown above the reviews.
    const early = await post(escort, `/de/dating/reviews/detail/${id}`, { intent: "comment", review_id: "abc", comment: "Danke" });
    expect(early.status).toBe(400);
    expect(alerts(early.html).join(" ")).toContain(REVIEW_NOT_FOUND);
    // Both reviews written: they are revealed, and the escort may answer the client's.
    for (const [author, party] of [
      [client, "person"],
      [escort, "person"],
    ] as const) {
      const written = await callJson(rt, author.token, "POST", `/api/v2/reviews/${id}`, reviewBody(party));
      expect(written.status, JSON.stringify(written.json)).toBe(200);
    }
    const answer = await post(escort, `/de/dating/reviews/detail/${id}`, {
      intent: "comment",
      review_id: "abc",
      comment: "Danke für den Abend",
    });
    expect(answer.status).toBe(400);
    expect(answer.html).toContain('data-testid="comment-form"');
    expect(alerts(answer.html).join(" ")).toContain(REVIEW_NOT_FOUND);
    expect(answer.html).toContain("Danke für den Abend</textarea>");
  });

  it("reports: a decision about an id that names no report is the queue again, not an error page", async () => {
    const answer = await post(staff, "/de/backoffice/reports", { id: "abc", outcome: "no_action", statement: "x".repeat(30) });
    expect(answer.status).toBe(400);
    expect(answer.html).toMatch(/<h1[^>]*>[^<]*Meldungen/);
    expect(alerts(answer.html).join(" ")).toContain("Diese Meldung gibt es nicht.");
  });

  it("back office: a decision about an item id that is no id is the queue again, not an error page", async () => {
    const answer = await post(staff, "/de/backoffice", { intent: "reject", kind: "media", id: "abc", reason: "" });
    expect(answer.status).toBe(400);
    expect(answer.html).toContain('data-testid="queue-empty"');
    expect(alerts(answer.html).join(" ")).toContain("Bitte überprüfe diese Eingabe.");
  });
});

describe("the kit features' leftovers: every error shown where it belongs (issue 24 item 3)", () => {
  it("age check: a PIN typed differently the second time is reported at the repetition, the first kept out", async () => {
    const answer = await post(client, "/de/user/age_check_verification", { intent: "start", pin: "123456", pin_confirmation: "654321" });
    expect(answer.status).toBe(400);
    expect(fieldError(answer.html, "pin_confirmation")).toBe("Die beiden PINs stimmen nicht überein.");
  });

  it("first contact: a post of none of the page's forms says so", async () => {
    const answer = await post(client, "/de/user/first_contact_filter_and_blocklist", { intent: "explode" });
    expect(answer.status).toBe(400);
    expect(alerts(answer.html).join(" ")).toContain("Bitte korrigiere alle markierten Felder");
  });

  it("e-mail and password: a post of none of the page's forms says so", async () => {
    const answer = await post(client, "/de/user/email_password", { intent: "explode" });
    expect(answer.status).toBe(400);
    expect(alerts(answer.html).join(" ")).toContain("Bitte korrigiere alle markierten Felder");
  });

  it("dashboard: a post that is not the withdrawal is the dashboard again with the error", async () => {
    const answer = await post(client, "/de/my_dashboard", { intent: "explode" });
    expect(answer.status).toBe(400);
    expect(answer.html).toContain('data-testid="dashboard-privacy"');
    expect(alerts(answer.html).join(" ")).toContain("Bitte korrigiere alle markierten Felder");
  });
});
