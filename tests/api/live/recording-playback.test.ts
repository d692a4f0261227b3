/**
 * Issue 31 item 4, recordings played back (ADR 130), on both databases and both storage backends: the recording's
 * answer hands a viewer-bound grant to whoever may play it; the MP4 comes with byte ranges (206, Accept-Ranges,
 * Content-Range, 416 past the end) from local disk or S3 (s3rver), asked again on every request; fsk18 plays only for
 * an adult whose age check is open in this login (the age-verification module's check), the creator and staff always;
 * another member's id, a copied grant or a grant of another recording open nothing; deleting removes every file.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StorageConfig } from "#server/config";
import type { LiveRecordingAnswer, LiveRecordingList } from "#server/contract/live";
import { USER_TYPE } from "#server/contract/users";
import { dollarOperations, postOperation } from "#server/modules/ledger/index";
import { RECORDING_FILE } from "#server/modules/live/index";
import { liveStorageOf } from "#server/modules/live/live-storage";
import { s3ClientConfig } from "#server/integrations/storage/s3";
import { callJson } from "../../helpers/api-call";
import { verifyAge } from "../../helpers/kyc";
import { createTestRuntime, listedMemberWith, TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { startS3rver, type TestS3 } from "../../helpers/s3rver";

interface ErrorBody {
  errors?: { key: string }[];
}

/** Bytes that stand for the MP4: the routes serve what the remux job stored, byte for byte. */
const VIDEO = new Uint8Array(Array.from({ length: 4096 }, (_, i) => (i * 7) % 256));

function playbackSuite(storage: "local" | "s3") {
  describe(`recording playback (${TEST_DB}, ${storage})`, () => {
    let rt: TestRuntime;
    let s3: TestS3 | null = null;
    let s3Client: S3Client | null = null;
    const dir = mkdtempSync(join(tmpdir(), "velora-recording-"));
    beforeAll(async () => {
      rt = await createTestRuntime();
      const config = rt.deps.config as { mediaDir: string; storage: StorageConfig; liveVideo: typeof rt.deps.config.liveVideo };
      config.mediaDir = join(dir, "media");
      config.liveVideo = { ...config.liveVideo, dir: join(dir, "live") };
      if (storage === "s3") {
        s3 = await startS3rver();
        s3Client = new S3Client(s3ClientConfig(s3.config));
        config.storage = { kind: "s3", ...s3.config, prefix: "app/" };
      }
    }, 60_000);
    afterAll(async () => {
      await rt?.close();
      s3Client?.destroy();
      await s3?.stop();
      rmSync(dir, { recursive: true, force: true });
    });

    const api = <Body>(token: string | undefined, method: string, path: string, body?: unknown) =>
      callJson<{ data: Body } & ErrorBody>(rt, token, method, `/api/v2${path}`, body);
    const escort = () => listedMemberWith(rt, { userType: USER_TYPE.escort });
    const client = () => listedMemberWith(rt, { userType: USER_TYPE.client });

    /** A stopped recorded stream whose recording the remux job stored (the bytes above under a fresh prefix). */
    async function storedRecording(creatorToken: string): Promise<{ id: number; prefix: string }> {
      const created = await api<{ id: number }>(creatorToken, "POST", "/live/streams", {
        title: "Abendplausch",
        category: "chat",
        audience: "logged_in",
        ingest: "browser",
        start: "now",
        record: true,
      });
      expect(created.status).toBe(200);
      await api(creatorToken, "POST", `/live/streams/${created.json.data.id}/stop`);
      const prefix = `live/${Math.random().toString(16).slice(2, 4)}/${Math.random().toString(16).slice(2)}`;
      await liveStorageOf(rt.deps).put(`${prefix}/${RECORDING_FILE}`, VIDEO, { contentType: "video/mp4" });
      const row = await rt.deps.db
        .updateTable("live_recordings")
        .set({ state: "ready", storage_prefix: prefix, duration_ms: 95_000, size_bytes: VIDEO.length, ready_at: rt.clock.now() })
        .where("stream_id", "=", created.json.data.id)
        .returning("id")
        .executeTakeFirstOrThrow();
      return { id: row.id, prefix };
    }

    const page = (token: string | undefined, id: number) => api<LiveRecordingAnswer>(token, "GET", `/live/recordings/${id}`);
    const file = (token: string | undefined, id: number, grant: string | null, range?: string) =>
      rt.request(`/api/v2/live/recordings/${id}/recording.mp4${grant ? `?${grant}` : ""}`, {
        token,
        headers: range ? { range } : {},
      });

    /** The member's newest login session entered the age-check PIN (ADR 105): the closed user group is open in it. */
    async function openAgeSession(userId: number): Promise<void> {
      const session = await rt.deps.db
        .selectFrom("access_tokens")
        .select("family_id")
        .where("user_id", "=", userId)
        .orderBy("id", "desc")
        .executeTakeFirstOrThrow();
      await rt.deps.db
        .insertInto("age_verification_sessions")
        .values({ family_id: session.family_id!, user_id: userId, authenticated_at: rt.clock.now() })
        .execute();
    }

    async function storedObjectExists(prefix: string): Promise<boolean> {
      if (storage === "local") return existsSync(join(dir, "media", prefix, RECORDING_FILE));
      const listed = await s3Client!.send(new ListObjectsV2Command({ Bucket: s3!.config.bucket, Prefix: `app/${prefix}/` }));
      return (listed.Contents ?? []).length > 0;
    }

    it("the creator plays their private recording with byte ranges; others, a copied grant and no grant open nothing; deleting removes the file", async () => {
      const creator = await escort();
      const { id, prefix } = await storedRecording(creator.token);
      expect(await storedObjectExists(prefix)).toBe(true);

      const own = await page(creator.token, id);
      expect(own.status).toBe(200);
      expect(own.json.data.recording).toMatchObject({ id, own: true, watch: true, visibility: "private", duration_ms: 95_000 });
      const grant = own.json.data.grant!;
      expect(grant).toMatch(/^g=\d+\.[\w-]{43}$/);

      const whole = await file(creator.token, id, grant);
      expect(whole.status).toBe(200);
      expect(whole.headers.get("content-type")).toBe("video/mp4");
      expect(whole.headers.get("accept-ranges")).toBe("bytes");
      expect(whole.headers.get("cache-control")).toBe("private, no-store");
      expect(new Uint8Array(await whole.arrayBuffer())).toEqual(VIDEO);

      const part = await file(creator.token, id, grant, "bytes=100-199");
      expect(part.status).toBe(206);
      expect(part.headers.get("content-range")).toBe(`bytes 100-199/${VIDEO.length}`);
      expect(part.headers.get("content-length")).toBe("100");
      expect(new Uint8Array(await part.arrayBuffer())).toEqual(VIDEO.slice(100, 200));
      const tail = await file(creator.token, id, grant, "bytes=4000-");
      expect(tail.status).toBe(206);
      expect(tail.headers.get("content-range")).toBe(`bytes 4000-4095/${VIDEO.length}`);
      const past = await file(creator.token, id, grant, `bytes=${VIDEO.length}-`);
      expect(past.status).toBe(416);
      expect(past.headers.get("content-range")).toBe(`bytes */${VIDEO.length}`);

      // No grant, a forged one, a guest: 404 alike.
      expect((await file(creator.token, id, null)).status).toBe(404);
      expect(
        (
          await file(
            creator.token,
            id,
            grant.replace(/.$/, (c) => (c === "A" ? "B" : "A")),
          )
        ).status,
      ).toBe(404);
      expect((await file(undefined, id, grant)).status).toBe(404);

      // Another member: the private recording offered to nobody does not exist for them, the creator's grant opens nothing.
      const other = await client();
      const foreign = await page(other.token, id);
      expect(foreign.status).toBe(404);
      expect(foreign.json.errors?.[0]?.key).toBe("exception.live.not_found");
      expect((await file(other.token, id, grant)).status).toBe(404);
      // A grant of one recording does not open another.
      const second = await storedRecording(creator.token);
      expect((await file(creator.token, second.id, grant)).status).toBe(404);

      // Staff watch every recording (moderation).
      const staff = await listedMemberWith(rt, { userType: USER_TYPE.team });
      const staffPage = await page(staff.token, id);
      expect(staffPage.json.data.recording).toMatchObject({ watch: true, own: false });
      expect((await file(staff.token, id, staffPage.json.data.grant)).status).toBe(200);

      // Deleting removes the stored file (local disk or the bucket); the old grant finds nothing.
      const deleted = await api<LiveRecordingList>(creator.token, "DELETE", `/live/recordings/${id}`);
      expect(deleted.status).toBe(200);
      expect(await storedObjectExists(prefix)).toBe(false);
      expect(await storedObjectExists(second.prefix)).toBe(true);
      expect((await file(creator.token, id, grant)).status).toBe(404);
      expect((await page(creator.token, id)).status).toBe(404);
    });

    it("fsk18: a guest and an unverified member get the age prompt, a verified adult plays it once the check is open in the login, a blocked one finds nothing", async () => {
      const creator = await escort();
      await verifyAge(rt, creator.id);
      const { id } = await storedRecording(creator.token);
      expect((await api(creator.token, "PUT", `/live/recordings/${id}`, { visibility: "fsk18" })).status).toBe(200);
      const ownerGrant = (await page(creator.token, id)).json.data.grant;
      expect((await file(creator.token, id, ownerGrant)).status).toBe(200);

      const guest = await page(undefined, id);
      expect(guest.status).toBe(200);
      expect(guest.json.data).toMatchObject({ grant: null, recording: { watch: false, denial: "sign_in", visibility: "fsk18" } });

      const unverified = await client();
      const asked = await page(unverified.token, id);
      expect(asked.json.data).toMatchObject({ grant: null, recording: { watch: false, denial: "age" } });
      expect((await file(unverified.token, id, ownerGrant)).status).toBe(404);

      // Identified by the provider but the PIN not entered in this login: still the age prompt.
      const adult = await client();
      await verifyAge(rt, adult.id);
      expect((await page(adult.token, id)).json.data.recording.denial).toBe("age");
      await openAgeSession(adult.id);
      const open = await page(adult.token, id);
      expect(open.json.data.recording).toMatchObject({ watch: true, denial: null });
      const grant = open.json.data.grant!;
      const played = await file(adult.token, id, grant, "bytes=0-1");
      expect(played.status).toBe(206);
      // The grant is the adult's: the unverified member cannot use it.
      expect((await file(unverified.token, id, grant)).status).toBe(404);

      // Asked on every request: the creator blocks the adult, the next byte range is refused.
      await rt.deps.db.insertInto("blocks").values({ blocker_id: creator.id, blocked_id: adult.id, created_at: rt.clock.now() }).execute();
      expect((await file(adult.token, id, grant, "bytes=2-3")).status).toBe(404);
      expect((await page(adult.token, id)).status).toBe(404);
    });

    it("a priced recording plays after the purchase through the ledger, not before", async () => {
      const creator = await escort();
      const { id } = await storedRecording(creator.token);
      await api(creator.token, "PUT", `/live/recordings/${id}`, { visibility: "private", price: "3" });
      const buyer = await client();
      const before = await page(buyer.token, id);
      expect(before.json.data).toMatchObject({ grant: null, recording: { watch: false, denial: "payment", price: 3 } });
      const operation = dollarOperations.grant(buyer.id, 5);
      await postOperation(rt.deps, {
        key: `recording-playback-${TEST_DB}-${storage}-${buyer.id}`,
        kind: operation.kind,
        currency: "dollar",
        actorId: null,
        transfers: operation.transfers,
      });
      expect((await api(buyer.token, "POST", `/live/recordings/${id}/access`)).status).toBe(200);
      const after = await page(buyer.token, id);
      expect(after.json.data.recording).toMatchObject({ watch: true, denial: null });
      expect((await file(buyer.token, id, after.json.data.grant)).status).toBe(200);
    });

    it("a malformed id or range is no 5xx", async () => {
      const creator = await escort();
      expect((await page(creator.token, 0)).status).toBe(404);
      expect((await rt.request("/api/v2/live/recordings/abc/recording.mp4", { token: creator.token })).status).toBe(404);
      const { id } = await storedRecording(creator.token);
      const grant = (await page(creator.token, id)).json.data.grant;
      // Several ranges, a suffix range or junk: the whole file (HTTP allows it).
      for (const range of ["bytes=0-1,5-6", "bytes=-10", "pages=1-2", "bytes=9-3"]) {
        expect((await file(creator.token, id, grant, range)).status).toBe(200);
      }
    });
  });
}

playbackSuite("local");
playbackSuite("s3");
