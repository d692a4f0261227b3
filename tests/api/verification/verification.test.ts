/**
 * Identity and photo-realness checks through the real API on both databases (issue 30 item 2, ADR 107): the webcam
 * check with its code, the document checks and their 5 attempts, the photos closed to everyone but staff, the queue
 * closed to members, two staff deciding one check (one wins), the audit trail, the overdue job, the retention job,
 * the forced fake check (not listed until a webcam check is verified) and the badges and trust level that follow.
 */
import { rmSync } from "node:fs";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { USER_TYPE } from "#server/contract/users";
import {
  TRUST_CRITERIA,
  VERIFICATION_FILE_RETENTION_DAYS,
  VERIFICATION_MAX_ATTEMPTS,
  VERIFICATION_PENDING_MINUTES,
  VERIFICATION_STATUS,
  type OwnVerificationCheck,
  type VerificationDecision,
  type VerificationOverview,
  type VerificationQueue,
} from "#server/contract/verification";
import { verificationBadgesOf } from "#server/modules/verification/index";
import { callJson } from "../../helpers/api-call";
import { jpeg } from "../../helpers/images";
import {
  createTestRuntime,
  createUser,
  listedMemberWith,
  signIn,
  storeMediaInTemporaryDir,
  TEST_DB,
  type TestRuntime,
} from "../../helpers/runtime";

interface ErrorBody {
  errors: Array<{ key: string; source?: string; params?: Record<string, unknown> }>;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe(`verification (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let dir: string;
  let team: { id: number; token: string };
  let team2: { id: number; token: string };
  let staff: Array<Awaited<ReturnType<typeof createUser>>>;
  let photo: Buffer;
  // Tests move the clock by days: fresh staff sessions for each (a token lives 24 hours).
  beforeEach(async () => {
    team = await signIn(rt, staff[0]!);
    team2 = await signIn(rt, staff[1]!);
  });
  beforeAll(async () => {
    rt = await createTestRuntime();
    dir = storeMediaInTemporaryDir(rt, "verification-test-");
    staff = [await createUser(rt, { userType: USER_TYPE.team }), await createUser(rt, { userType: USER_TYPE.backend })];
    // With GPS and camera data: none of it may survive in the stored photo.
    photo = await jpeg(400, 500, { gps: true });
  }, 60_000);
  afterAll(async () => {
    await rt.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const api = <Body>(token: string | undefined, method: string, path: string, body?: unknown) =>
    callJson<Body & ErrorBody>(rt, token, method, `/api/v2${path}`, body);
  const data = <T>(answer: { json: unknown }) => (answer.json as { data: T }).data;

  async function upload(token: string, path: string, files: Record<string, Buffer | string>) {
    const form = new FormData();
    for (const [field, value] of Object.entries(files))
      form.append(
        field,
        typeof value === "string" ? new Blob([value], { type: "text/plain" }) : new Blob([new Uint8Array(value)], { type: "image/jpeg" }),
        `${field}.jpg`,
      );
    const response = await rt.request(`/api/v2${path}`, { method: "POST", token, body: form });
    return { status: response.status, json: (await response.json()) as { data: OwnVerificationCheck } & ErrorBody };
  }
  const escort = () => listedMemberWith(rt, { userType: USER_TYPE.escort });

  async function webcamCheck(token: string): Promise<OwnVerificationCheck> {
    const start = await api<{ data: OwnVerificationCheck }>(token, "POST", "/verification/webcam/start");
    expect(start.status).toBe(200);
    expect(start.json.data.code).toMatch(/^[A-Z2-9]{6}$/);
    const sent = await upload(token, "/verification/webcam", { photo });
    expect(sent.status, JSON.stringify(sent.json)).toBe(201);
    return sent.json.data;
  }

  it("an escort does the webcam check; only staff open its photo; the team verifies it once; the badge and trust follow", async () => {
    const member = await escort();
    const other = await escort();
    const check = await webcamCheck(member.token);
    expect(check.status_name).toBe("pending");
    expect(check.due_at).toBe(check.submitted_at! + VERIFICATION_PENDING_MINUTES * MINUTE);

    // A second attempt while one waits is refused.
    expect((await api(member.token, "POST", "/verification/webcam/start")).json.errors[0]!.key).toBe(
      "exception.verification.already_pending",
    );

    // The queue: members are refused; staff see the check with its code and the member's photos.
    for (const token of [member.token, other.token]) expect((await api(token, "GET", "/backoffice/verifications")).status).toBe(403);
    const queue = data<VerificationQueue>(await api(team.token, "GET", "/backoffice/verifications"));
    const item = queue.items.find((entry) => entry.id === check.id)!;
    expect(item.kind).toBe("webcam");
    expect(item.code).toMatch(/^[A-Z2-9]{6}$/);
    expect(item.member.username).toBe(member.username);
    expect(item.trust_level.criteria.map((c) => c.key)).toEqual([...TRUST_CRITERIA]);

    // The photo: staff only; the member, another member and a guest get 404; no metadata survived.
    const path = `/api/v2/verification/files/${check.id}/photo`;
    for (const token of [member.token, other.token]) expect((await rt.request(path, { token })).status).toBe(404);
    expect((await rt.request(path)).status).toBe(401);
    const staffFile = await rt.request(path, { token: team.token });
    expect(staffFile.status).toBe(200);
    expect(staffFile.headers.get("cache-control")).toContain("no-store");
    const meta = await sharp(Buffer.from(await staffFile.arrayBuffer())).metadata();
    expect(meta.format).toBe("jpeg");
    expect(meta.exif).toBeUndefined();

    // Two staff decide at once: one wins, the other gets 409.
    const [a, b] = await Promise.all([
      api<{ data: VerificationDecision }>(team.token, "POST", `/backoffice/verifications/${check.id}/accept`),
      api<{ data: VerificationDecision }>(team2.token, "POST", `/backoffice/verifications/${check.id}/reject`, { reason: "code_missing" }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const winner = a.status === 200 ? "verification_check.accept" : "verification_check.reject";
    const audit = await rt.deps.db
      .selectFrom("audit_log")
      .selectAll()
      .where("subject_type", "=", "verification_check")
      .where("subject_id", "=", String(check.id))
      .execute();
    expect(audit.map((row) => row.action)).toEqual([winner]);

    // Decide it for the rest of the test (when the reject won, a new attempt gets verified).
    if (a.status !== 200) {
      const again = await webcamCheck(member.token);
      expect((await api(team.token, "POST", `/backoffice/verifications/${again.id}/accept`)).status).toBe(200);
    }
    const overview = data<VerificationOverview>(await api(member.token, "GET", "/verification"));
    expect(overview.kinds.find((k) => k.kind === "webcam")!.verified).toBe(true);
    expect((await verificationBadgesOf(rt.deps.db, [member.id])).get(member.id)).toEqual({
      photos_real: true,
      identity_verified: false,
      prostschg_shown: false,
    });
    const profile = data<{ badges: { photo_verified: boolean; trust_level: { criteria: Array<{ key: string; met: boolean }> } } }>(
      await api(other.token, "GET", `/profiles/${member.username}/detail`),
    );
    expect(profile.badges.photo_verified).toBe(true);
    expect(profile.badges.trust_level.criteria.find((c) => c.key === "photos_real")!.met).toBe(true);
    const bell = await rt.deps.db.selectFrom("notifications").select(["event", "params"]).where("user_id", "=", member.id).execute();
    expect(bell.some((row) => row.event === "moderation_accepted" && row.params.includes("verification_webcam"))).toBe(true);
  });

  it("the webcam photo needs a good code, and a photo at its field", async () => {
    const member = await escort();
    const noCode = await upload(member.token, "/verification/webcam", { photo });
    expect(noCode.status).toBe(409);
    expect(noCode.json.errors[0]).toMatchObject({ key: "exception.verification.code_expired", source: "photo" });
    await api(member.token, "POST", "/verification/webcam/start");
    const notAnImage = await upload(member.token, "/verification/webcam", { photo: "x".repeat(60_000) });
    expect(notAnImage.status).toBe(400);
    expect(notAnImage.json.errors[0]).toMatchObject({ key: "validation.image.invalid_type", source: "photo" });
    const empty = await upload(member.token, "/verification/webcam", {});
    expect(empty.json.errors[0]).toMatchObject({ key: "validation.verification.photo_required", source: "photo" });
    // The code runs out.
    rt.clock.advance(16 * MINUTE);
    expect((await upload(member.token, "/verification/webcam", { photo })).json.errors[0]!.key).toBe("exception.verification.code_expired");
    // Not multipart at all: a clear 400, never a 5xx.
    const json = await api(member.token, "POST", "/verification/webcam", { photo: "x" });
    expect(json.status).toBe(400);
  });

  it("the identity check: front and back, at most 5 attempts (the 6th is refused), overdue after 240 minutes, photos deleted after the retention", async () => {
    const member = await escort();
    const first = await upload(member.token, "/verification/document/id", { front: photo, back: photo });
    expect(first.status).toBe(201);
    expect((await rt.request(`/api/v2/verification/files/${first.json.data.id}/back`, { token: team.token })).status).toBe(200);

    // The due time passes: the job marks it overdue; the queue counts it.
    rt.clock.advance(VERIFICATION_PENDING_MINUTES * MINUTE + 1);
    await rt.jobs.runDue();
    const queue = data<VerificationQueue>(await api(team.token, "GET", "/backoffice/verifications"));
    expect(queue.items.find((entry) => entry.id === first.json.data.id)!.overdue).toBe(true);
    expect(queue.overdue).toBeGreaterThanOrEqual(1);

    // Rejected, and four more rejected: five attempts used.
    let id = first.json.data.id;
    for (let attempt = 1; attempt <= VERIFICATION_MAX_ATTEMPTS.id; attempt++) {
      if (attempt > 1) {
        const sent = await upload(member.token, "/verification/document/id", { front: photo });
        expect(sent.status).toBe(201);
        id = sent.json.data.id;
      }
      expect((await api(team.token, "POST", `/backoffice/verifications/${id}/reject`, { reason: "document_unreadable" })).status).toBe(200);
    }
    const sixth = await upload(member.token, "/verification/document/id", { front: photo });
    expect(sixth.status).toBe(409);
    expect(sixth.json.errors[0]).toMatchObject({ key: "exception.verification.attempts_exhausted", params: { max: 5 } });
    const overview = data<VerificationOverview>(await api(member.token, "GET", "/verification"));
    expect(overview.kinds.find((k) => k.kind === "id")).toMatchObject({ attempts_used: 5, attempts_max: 5, verified: false });
    expect(overview.kinds.find((k) => k.kind === "id")!.latest!.reason).toBe("document_unreadable");

    // A reason outside the list is refused at its field.
    const another = await escort();
    const doc = await upload(another.token, "/verification/document/prostschg", { front: photo });
    const bad = await api(team.token, "POST", `/backoffice/verifications/${doc.json.data.id}/reject`, { reason: "because" });
    expect(bad.status).toBe(400);
    expect(bad.json.errors[0]).toMatchObject({ key: "validation.verification.reason_required", source: "reason" });

    // After the retention the photos are gone; the decision stays.
    rt.clock.advance(VERIFICATION_FILE_RETENTION_DAYS * DAY + MINUTE);
    await rt.jobs.runDue();
    const later = await signIn(rt, staff[0]!);
    expect((await rt.request(`/api/v2/verification/files/${first.json.data.id}/front`, { token: later.token })).status).toBe(404);
    const row = await rt.deps.db
      .selectFrom("verification_checks")
      .selectAll()
      .where("id", "=", first.json.data.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe(VERIFICATION_STATUS.rejected);
    expect(row.files_deleted_at).not.toBeNull();
  });

  it("documents: a client may not send a ProstSchG registration; another kind is unknown; verified identity shows its badge", async () => {
    const client = await listedMemberWith(rt, { userType: USER_TYPE.client });
    expect((await upload(client.token, "/verification/document/prostschg", { front: photo })).status).toBe(403);
    expect((await upload(client.token, "/verification/document/passport", { front: photo })).status).toBe(404);
    const noFront = await upload(client.token, "/verification/document/id", { back: photo });
    expect(noFront.json.errors[0]).toMatchObject({ key: "validation.verification.front_required", source: "front" });
    const sent = await upload(client.token, "/verification/document/id", { front: photo });
    expect((await api(team.token, "POST", `/backoffice/verifications/${sent.json.data.id}/accept`)).status).toBe(200);
    expect((await verificationBadgesOf(rt.deps.db, [client.id])).get(client.id)!.identity_verified).toBe(true);
    // Deciding it again: 409; an unknown id: 404.
    expect((await api(team.token, "POST", `/backoffice/verifications/${sent.json.data.id}/accept`)).status).toBe(409);
    expect((await api(team.token, "POST", `/backoffice/verifications/999999/accept`)).status).toBe(404);
  });

  it("a forced fake check takes the profile out of the lists until a webcam check is verified", async () => {
    const member = await escort();
    const viewer = await escort();
    expect((await api(member.token, "POST", `/backoffice/members/${member.id}/force-fake-check`, {})).status).toBe(403);
    const forced = await api(team.token, "POST", `/backoffice/members/${member.id}/force-fake-check`, {
      reason: "photos from a stock site",
    });
    expect(forced.status).toBe(200);
    expect((await api(viewer.token, "GET", `/profiles/${member.username}/detail`)).status).toBe(404);
    const overview = data<VerificationOverview>(await api(member.token, "GET", "/verification"));
    expect(overview.forced_fake_check).toBe(true);
    const trail = await rt.deps.db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "member.force_fake_check")
      .where("subject_id", "=", String(member.id))
      .execute();
    expect(trail).toHaveLength(1);
    expect(trail[0]!.reason).toBe("photos from a stock site");

    const check = await webcamCheck(member.token);
    expect((await api(team.token, "POST", `/backoffice/verifications/${check.id}/accept`)).status).toBe(200);
    expect((await api(viewer.token, "GET", `/profiles/${member.username}/detail`)).status).toBe(200);
    expect(data<VerificationOverview>(await api(member.token, "GET", "/verification")).forced_fake_check).toBe(false);
  });
});
