import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUSINESS_REVIEWS_PAGE_SIZE } from "#server/contract/business-reviews";
import { INTERVIEW_ANSWER_MAX, interviewQuestionsFor } from "#server/contract/interviews";
import { USER_TYPE } from "#server/contract/users";
import { createTestRuntime, createUser, listedMember, login, TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { callJson } from "../../helpers/api-call";
import { deletionLinkToken, newestMailText } from "../../helpers/mail";

interface Answer<T = Record<string, unknown>> {
  data?: T;
  errors?: Array<{ key: string; source?: string }>;
}
interface InterviewsBody {
  items: Array<{ question_key: string; answer: string; updated_at: number; pending?: true }>;
  questions: string[];
  answer_max: number;
}

describe(`interviews, preferred dates and business reviews (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  });
  afterAll(() => rt.close());

  /** A listed member in Berlin, signed in. */
  const member = (userType: number = USER_TYPE.escort) => listedMember(rt, userType);

  function call<T = Record<string, unknown>>(token: string | undefined, method: string, path: string, body?: unknown) {
    return callJson<Answer<T>>(rt, token, method, `/api/v2${path}`, body);
  }

  /** A team member's token (the back office, ADR 030). */
  let staffToken: string | undefined;
  async function staff(): Promise<string> {
    if (!staffToken) {
      const user = await createUser(rt, { userType: USER_TYPE.team });
      staffToken = String((await login(rt, user.username, user.password)).body.access_token);
    }
    return staffToken;
  }

  interface QueueBody {
    items: Array<{ kind: string; id: number; field?: string; value?: string; current?: string | null }>;
  }
  /** The owner's interview answers waiting in the back office queue. */
  async function waitingAnswers(username: string) {
    const queue = await call<QueueBody>(await staff(), "GET", `/backoffice/queue?owner=${username}`);
    expect(queue.status).toBe(200);
    return (queue.json.data?.items ?? []).filter((item) => item.kind === "text" && item.field?.startsWith("interview:"));
  }
  /** The team accepts every waiting interview answer of the owner (they go public). */
  async function acceptAnswers(username: string) {
    for (const item of await waitingAnswers(username))
      expect((await call(await staff(), "POST", `/backoffice/texts/${item.id}/accept`, {})).status).toBe(200);
  }

  describe("interviews", () => {
    it("the owner answers, changes and removes answers; readers see them in catalogue order", async () => {
      const escort = await member();
      const [first, second] = interviewQuestionsFor(USER_TYPE.escort);
      const put = await call<InterviewsBody>(escort.token, "PUT", `/profiles/${escort.username}/interviews`, {
        answers: { [second!]: "  Gute Gespräche und guter Wein.  ", [first!]: "Ein Abend ohne Eile." },
      });
      expect(put.status).toBe(200);
      expect(put.json.data?.items.map((i) => [i.question_key, i.answer])).toEqual([
        [first, "Ein Abend ohne Eile."],
        [second, "Gute Gespräche und guter Wein."],
      ]);
      expect(put.json.data?.questions).toEqual(interviewQuestionsFor(USER_TYPE.escort));
      expect(put.json.data?.answer_max).toBe(INTERVIEW_ANSWER_MAX);
      await acceptAnswers(escort.username);

      // A guest and another member read the same; a key left out stays, an empty answer removes one.
      await call(escort.token, "PUT", `/profiles/${escort.username}/interviews`, { answers: { [first!]: "" } });
      const other = await member(USER_TYPE.client);
      for (const token of [undefined, other.token]) {
        const read = await call<InterviewsBody>(token, "GET", `/profiles/${escort.username}/interviews`);
        expect(read.status).toBe(200);
        expect(read.json.data?.items.map((i) => i.question_key)).toEqual([second]);
      }
      await call(escort.token, "PUT", `/profiles/${escort.username}/interviews`, { answers: { [second!]: null } });
      expect((await call<InterviewsBody>(undefined, "GET", `/profiles/${escort.username}/interviews`)).json.data?.items).toEqual([]);
    });

    it("another member's PUT is refused and changes nothing, whatever the case of the name", async () => {
      const escort = await member();
      const other = await member();
      const [key] = interviewQuestionsFor(USER_TYPE.escort);
      await call(escort.token, "PUT", `/profiles/${escort.username}/interviews`, { answers: { [key!]: "Meins." } });
      await acceptAnswers(escort.username);
      for (const name of [escort.username, escort.username.toUpperCase(), "nobody_by_that_name"]) {
        const refused = await call(other.token, "PUT", `/profiles/${name}/interviews`, { answers: { [key!]: "Fremd." } });
        expect(refused.status, name).toBe(403);
        expect(refused.json.errors?.[0]?.key).toBe("exception.interviews.owner_only");
      }
      expect((await call(undefined, "PUT", `/profiles/${escort.username}/interviews`, { answers: { [key!]: "x" } })).status).toBe(401);
      const read = await call<InterviewsBody>(undefined, "GET", `/profiles/${escort.username}/interviews`);
      expect(read.json.data?.items.map((i) => i.answer)).toEqual(["Meins."]);
      // The owner may use any case of their own name.
      expect(
        (await call(escort.token, "PUT", `/profiles/${escort.username.toUpperCase()}/interviews`, { answers: { [key!]: "Neu." } })).status,
      ).toBe(200);
    });

    it("refuses unknown and foreign question keys, too long answers and ProstSchG phrases at their key", async () => {
      const escort = await member();
      const client = await member(USER_TYPE.client);
      const path = `/profiles/${escort.username}/interviews`;
      const unknown = await call(escort.token, "PUT", path, { answers: { favourite_colour: "Blau" } });
      expect(unknown.status).toBe(400);
      expect(unknown.json.errors?.[0]).toMatchObject({ key: "exception.interviews.unknown_question", source: "answers.favourite_colour" });
      // A business question is not an escort's; an escort question is not a client's.
      expect((await call(escort.token, "PUT", path, { answers: { house_rules: "Keine." } })).status).toBe(400);
      expect(
        (await call(client.token, "PUT", `/profiles/${client.username}/interviews`, { answers: { what_i_do_not_do: "x" } })).status,
      ).toBe(400);

      const [key] = interviewQuestionsFor(USER_TYPE.escort);
      expect((await call(escort.token, "PUT", path, { answers: { [key!]: "a".repeat(INTERVIEW_ANSWER_MAX) } })).status).toBe(200);
      const long = await call(escort.token, "PUT", path, { answers: { [key!]: "b".repeat(INTERVIEW_ANSWER_MAX + 1) } });
      expect(long.status).toBe(400);
      expect(long.json.errors?.[0]?.source).toBe(`answers.${key}`);
      const unlawful = await call(escort.token, "PUT", path, { answers: { [key!]: "Gerne auch ohne Gummi" } });
      expect(unlawful.status).toBe(400);
      expect(unlawful.json.errors?.[0]?.key).toBe("validation.prostschg");
      for (const body of [{}, { answers: "x" }, { answers: { [key!]: 5 } }, { answers: {}, extra: 1 }])
        expect((await call(escort.token, "PUT", path, body)).status, JSON.stringify(body)).toBe(400);
      // Nothing of the refused saves was kept (the owner reads the answer that waits).
      const read = await call<InterviewsBody>(escort.token, "GET", path);
      expect(read.json.data?.items).toEqual([expect.objectContaining({ question_key: key, answer: "a".repeat(INTERVIEW_ANSWER_MAX) })]);
    });

    it("a hidden, paused or blocked profile's interview is a 404 to others; the owner still reads it", async () => {
      const escort = await member();
      const [key] = interviewQuestionsFor(USER_TYPE.escort);
      await call(escort.token, "PUT", `/profiles/${escort.username}/interviews`, { answers: { [key!]: "Hallo." } });
      const viewer = await member(USER_TYPE.client);
      const path = `/profiles/${escort.username}/interviews`;
      expect((await call(viewer.token, "GET", path)).status).toBe(200);

      // Blocked either way.
      await call(viewer.token, "POST", `/block/${escort.username}`);
      expect((await call(viewer.token, "GET", path)).status).toBe(404);
      await call(viewer.token, "DELETE", `/block/${escort.username}`);
      await call(escort.token, "POST", `/block/${viewer.username}`);
      expect((await call(viewer.token, "GET", path)).status).toBe(404);
      expect((await call(escort.token, "GET", path)).status).toBe(200);
      await call(escort.token, "DELETE", `/block/${viewer.username}`);

      // Not shown (paused) or banned.
      await rt.deps.db.updateTable("profiles").set({ is_visible: 0 }).where("user_id", "=", escort.id).execute();
      expect((await call(viewer.token, "GET", path)).status).toBe(404);
      expect((await call(undefined, "GET", path)).status).toBe(404);
      expect((await call(escort.token, "GET", path)).status).toBe(200);
      await rt.deps.db.updateTable("profiles").set({ is_visible: 1 }).where("user_id", "=", escort.id).execute();
      await rt.deps.db.updateTable("users").set({ status: "banned" }).where("id", "=", escort.id).execute();
      expect((await call(viewer.token, "GET", path)).status).toBe(404);
      expect((await call(undefined, "GET", "/profiles/nobody_by_that_name/interviews")).status).toBe(404);
      expect((await call(undefined, "GET", "/profiles/x%20y/interviews")).status).toBe(404);
    });

    it("concurrent saves of one answer leave exactly one waiting answer", async () => {
      const escort = await member();
      const [key] = interviewQuestionsFor(USER_TYPE.escort);
      const path = `/profiles/${escort.username}/interviews`;
      const saves = await Promise.all(
        ["eins", "zwei", "drei", "vier"].map((answer) => call(escort.token, "PUT", path, { answers: { [key!]: answer } })),
      );
      expect(saves.map((s) => s.status)).toEqual([200, 200, 200, 200]);
      const rows = await rt.deps.db.selectFrom("profile_text_changes").selectAll().where("user_id", "=", escort.id).execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ field: `interview:${key}`, status: 0 });
    });

    it("a changed answer waits for the team like the profile texts: others keep the accepted one, the owner reads theirs", async () => {
      const escort = await member();
      const reader = await member(USER_TYPE.client);
      const [key, other] = interviewQuestionsFor(USER_TYPE.escort);
      const path = `/profiles/${escort.username}/interviews`;
      const read = async (token: string | undefined) => (await call<InterviewsBody>(token, "GET", path)).json.data?.items;

      // A first answer: nobody else sees it yet; the owner sees it, marked as waiting.
      const put = await call<InterviewsBody>(escort.token, "PUT", path, { answers: { [key!]: "Ein ruhiger Abend." } });
      expect(put.json.data?.items).toEqual([expect.objectContaining({ question_key: key, answer: "Ein ruhiger Abend.", pending: true })]);
      expect(await read(undefined)).toEqual([]);
      expect(await read(reader.token)).toEqual([]);
      expect(await read(escort.token)).toEqual([expect.objectContaining({ answer: "Ein ruhiger Abend.", pending: true })]);

      // The back office shows it with its question, the proposal and (none yet) the published answer.
      const [waiting] = await waitingAnswers(escort.username);
      expect(waiting).toMatchObject({ kind: "text", field: `interview:${key}`, value: "Ein ruhiger Abend.", current: null });
      // The owner's own view of their items under review names it.
      const mine = await call<{ texts: Array<{ field: string; status: number }> }>(escort.token, "GET", "/moderation/my");
      expect(mine.json.data?.texts).toEqual([expect.objectContaining({ field: `interview:${key}`, status: 0 })]);
      // Members are not the team.
      expect((await call(escort.token, "POST", `/backoffice/texts/${waiting!.id}/accept`, {})).status).toBe(403);

      // Accepted: public.
      expect((await call(await staff(), "POST", `/backoffice/texts/${waiting!.id}/accept`, {})).status).toBe(200);
      expect(await read(reader.token)).toEqual([expect.objectContaining({ question_key: key, answer: "Ein ruhiger Abend." })]);
      expect((await read(escort.token))?.[0]?.pending).toBeUndefined();

      // A change waits while the public keeps the accepted answer; refused, the accepted one stays.
      await call(escort.token, "PUT", path, { answers: { [key!]: "Lieber ein langer Abend." } });
      expect(await read(reader.token)).toEqual([expect.objectContaining({ answer: "Ein ruhiger Abend." })]);
      expect(await read(escort.token)).toEqual([expect.objectContaining({ answer: "Lieber ein langer Abend.", pending: true })]);
      const [change] = await waitingAnswers(escort.username);
      expect(change).toMatchObject({ value: "Lieber ein langer Abend.", current: "Ein ruhiger Abend." });
      expect((await call(await staff(), "POST", `/backoffice/texts/${change!.id}/reject`, { reason: "contact_details" })).status).toBe(200);
      expect(await read(reader.token)).toEqual([expect.objectContaining({ answer: "Ein ruhiger Abend." })]);
      expect(await read(escort.token)).toEqual([expect.objectContaining({ answer: "Ein ruhiger Abend." })]);
      const refused = await call<{ texts: Array<{ field: string; status: number; reason: string | null }> }>(
        escort.token,
        "GET",
        "/moderation/my",
      );
      expect(refused.json.data?.texts).toEqual([
        expect.objectContaining({ field: `interview:${key}`, status: 2, reason: "contact_details" }),
      ]);
      // The refusal's one mail is its statement's (its job), naming the interview answer and the reason.
      await rt.jobs.runDue();
      expect(await newestMailText(rt, escort.email, "statement_issued")).toContain("deine Interview-Antwort");

      // Saving the published answer again withdraws a waiting change; emptying removes the answer at once.
      await call(escort.token, "PUT", path, { answers: { [key!]: "Noch ein Versuch.", [other!]: "Lesen." } });
      await call(escort.token, "PUT", path, { answers: { [key!]: "Ein ruhiger Abend." } });
      expect((await waitingAnswers(escort.username)).map((item) => item.field)).toEqual([`interview:${other}`]);
      await call(escort.token, "PUT", path, { answers: { [key!]: "", [other!]: null } });
      expect(await waitingAnswers(escort.username)).toEqual([]);
      expect(await read(reader.token)).toEqual([]);
      expect(await read(escort.token)).toEqual([]);
    });
  });

  describe("preferred dates", () => {
    it("an escort states kinds; the answer adds meeting options and working days", async () => {
      const escort = await member();
      await rt.deps.db
        .insertInto("profile_traits")
        .values([
          { user_id: escort.id, group_key: "meeting_option", option_id: 3 },
          { user_id: escort.id, group_key: "meeting_option", option_id: 1 },
        ])
        .execute();
      await rt.deps.db
        .insertInto("profile_schedule")
        .values([
          { user_id: escort.id, day: 5, time_from: "18:00", time_to: "23:00", is_over_day: 0 },
          { user_id: escort.id, day: 2, time_from: "10:00", time_to: "12:00", is_over_day: 0 },
          { user_id: escort.id, day: 2, time_from: "18:00", time_to: "20:00", is_over_day: 0 },
        ])
        .execute();
      const path = `/profiles/${escort.username}/preferred-dates`;
      expect((await call(undefined, "GET", path)).json.data).toEqual({ kinds: [], meeting_option_ids: [1, 3], days: [2, 5] });
      const put = await call(escort.token, "PUT", path, { kinds: ["overnight", "dinner_date", "overnight"] });
      expect(put.status).toBe(200);
      expect(put.json.data).toEqual({ kinds: ["dinner_date", "overnight"], meeting_option_ids: [1, 3], days: [2, 5] });
      await call(escort.token, "PUT", path, { kinds: ["weekend"] });
      expect((await call(undefined, "GET", path)).json.data?.kinds).toEqual(["weekend"]);
    });

    it("only the owning escort writes; other profiles have none; bad kinds are 400", async () => {
      const escort = await member();
      const other = await member();
      const path = `/profiles/${escort.username}/preferred-dates`;
      const refused = await call(other.token, "PUT", path, { kinds: ["weekend"] });
      expect(refused.status).toBe(403);
      expect(refused.json.errors?.[0]?.key).toBe("exception.preferred_dates.owner_only");
      expect((await call(undefined, "GET", path)).json.data?.kinds).toEqual([]);
      expect((await call(escort.token, "PUT", path, { kinds: ["quickie_in_the_park"] })).status).toBe(400);
      expect((await call(escort.token, "PUT", path, { kinds: "weekend" })).status).toBe(400);

      const client = await member(USER_TYPE.client);
      // Client profiles are for members only (ADR 023): a member asks.
      expect((await call(escort.token, "GET", `/profiles/${client.username}/preferred-dates`)).status).toBe(404);
      const own = await call(client.token, "PUT", `/profiles/${client.username}/preferred-dates`, { kinds: ["weekend"] });
      expect(own.status).toBe(403);
      expect(own.json.errors?.[0]?.key).toBe("exception.preferred_dates.not_offered");
      await call(other.token, "POST", `/block/${escort.username}`);
      expect((await call(other.token, "GET", path)).status).toBe(404);
    });
  });

  describe("business reviews", () => {
    it("a business answers an empty page in its final shape; other profiles 404; bad pages 400", async () => {
      const business = await member(USER_TYPE.business);
      const path = `/profiles/${business.username}/business-reviews`;
      const first = await call(undefined, "GET", path);
      expect(first.status).toBe(200);
      expect(first.json.data).toEqual({ items: [], total: 0, page: 1, page_size: BUSINESS_REVIEWS_PAGE_SIZE, average: null });
      expect((await call(undefined, "GET", `${path}?page=3`)).json.data).toMatchObject({ items: [], page: 3 });
      for (const query of ["page=0", "page=-1", "page=abc", "page=1001", "sort=new"])
        expect((await call(undefined, "GET", `${path}?${query}`)).status, query).toBe(400);
      const escort = await member();
      const notBusiness = await call(undefined, "GET", `/profiles/${escort.username}/business-reviews`);
      expect(notBusiness.status).toBe(404);
      expect(notBusiness.json.errors?.[0]?.key).toBe("exception.business_reviews.not_a_business");
      await call(escort.token, "POST", `/block/${business.username}`);
      expect((await call(escort.token, "GET", path)).status).toBe(404);
    });
  });

  it("account deletion removes interview answers and date kinds", async () => {
    const escort = await member();
    const [key] = interviewQuestionsFor(USER_TYPE.escort);
    await call(escort.token, "PUT", `/profiles/${escort.username}/interviews`, { answers: { [key!]: "Bald weg." } });
    await acceptAnswers(escort.username);
    await call(escort.token, "PUT", `/profiles/${escort.username}/preferred-dates`, { kinds: ["weekend"] });
    const rows = async () => [
      ...(await rt.deps.db.selectFrom("profile_interviews").select("user_id").where("user_id", "=", escort.id).execute()),
      ...(await rt.deps.db.selectFrom("profile_date_kinds").select("user_id").where("user_id", "=", escort.id).execute()),
    ];
    expect(await rows()).toHaveLength(2);
    expect((await call(escort.token, "POST", "/user/delete", { current_password: escort.password })).status).toBe(202);
    const token = await deletionLinkToken(rt, escort.email);
    expect((await call(undefined, "POST", "/user/delete/confirm", { token })).status).toBe(200);
    expect(await rows()).toEqual([]);
  });
});
