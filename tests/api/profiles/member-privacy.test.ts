/**
 * Issue 9 items 19 and 20 through the real API on both databases: members
 * with an unverified address browse (only messaging, date requests, reviews
 * and posting wait), clients' profiles are for members only (never for
 * guests, crawlers or sitemaps) and clients need no photo (ADRs 023, 024).
 * The consent that ethnicity and sexual orientation need: tests/api/consents/.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMAIL_VERIFICATION_REQUIRED } from "#server/contract/email-verification";
import { GENDER, REGISTER_STEP, USER_TYPE } from "#server/contract/users";
import { assertMayAct, viewerContext } from "#server/modules/access/visibility";
import { createTestRuntime, listedMemberWith, TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { callJson } from "../../helpers/api-call";

interface Body<T> {
  code: number;
  data: T;
  errors?: Array<{ code: number; key: string; source?: string }>;
}

describe(`member privacy and e-mail verification (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime({ geoData: true });
  }, 60_000);
  afterAll(() => rt.close());

  /** A signed-in user with a listed profile in Berlin; unverified when asked. */
  const member = (options?: Parameters<typeof listedMemberWith>[1]) => listedMemberWith(rt, options);

  async function call<T>(path: string, init: { token?: string; method?: string; body?: unknown } = {}) {
    const { status, json } = await callJson<Body<T>>(rt, init.token, init.method ?? "GET", path, init.body);
    return { status, body: json };
  }

  describe("an unverified address (ADR 024)", () => {
    it("is no duty that redirects: user/data says must_verify_email and no next destination", async () => {
      const newcomer = await member({ verified: false });
      const { status, body } = await call<{ must_verify_email: boolean; next_destination: string | null }>("/api/v2/user/data", {
        token: newcomer.token,
      });
      expect(status).toBe(200);
      expect(body.data.must_verify_email).toBe(true);
      expect(body.data.next_destination).toBeNull();
      const verified = await member();
      expect((await call<{ must_verify_email: boolean }>("/api/v2/user/data", { token: verified.token })).body.data.must_verify_email).toBe(
        false,
      );
    });

    it("still lets the member read profiles; messaging and date requests ask for verification first", async () => {
      const escort = await member({ userType: USER_TYPE.escort, gender: GENDER.female });
      const newcomer = await member({ verified: false });
      const verified = await member();
      type Actions = { actions: { can_message: boolean; can_request_date: boolean; verify_email_first: boolean } };
      const unverifiedView = await call<Actions>(`/api/v2/profiles/${escort.username}/detail`, { token: newcomer.token });
      expect(unverifiedView.status).toBe(200);
      expect(unverifiedView.body.data.actions).toMatchObject({ can_message: true, can_request_date: true, verify_email_first: true });
      const verifiedView = await call<Actions>(`/api/v2/profiles/${escort.username}/detail`, { token: verified.token });
      expect(verifiedView.body.data.actions.verify_email_first).toBe(false);
      const guestView = await call<Actions>(`/api/v2/profiles/${escort.username}/detail`);
      expect(guestView.body.data.actions.verify_email_first).toBe(false);
    });

    it("the API guard refuses messaging, date requests, reviews and posts with 403, and nothing private to the member", async () => {
      const newcomer = await member({ verified: false });
      const viewer = await viewerContext(rt.deps, { id: newcomer.id } as never);
      for (const action of ["message", "date_request", "review", "post"] as const) {
        expect(() => assertMayAct(viewer, action)).toThrowError(expect.objectContaining({ status: 403 }));
        try {
          assertMayAct(viewer, action);
        } catch (error) {
          expect((error as { items: Array<{ key: string }> }).items[0]?.key).toBe(EMAIL_VERIFICATION_REQUIRED);
        }
      }
      for (const action of ["favorite", "save_search", "edit_profile", "upload_media"] as const)
        expect(() => assertMayAct(viewer, action)).not.toThrow();
      const verified = await viewerContext(rt.deps, { id: (await member()).id } as never);
      expect(() => assertMayAct(verified, "message")).not.toThrow();
    });
  });

  describe("clients' profiles (ADR 023)", () => {
    it("are for signed-in members only: 403 members_only for guests, 200 and members_only for members", async () => {
      const client = await member();
      const escort = await member({ userType: USER_TYPE.escort, gender: GENDER.female });
      const guest = await call(`/api/v2/profiles/${client.username}/detail`);
      expect(guest.status).toBe(403);
      expect(guest.body.errors?.[0]?.key).toBe("exception.profile.members_only");
      const seen = await call<{ members_only: boolean }>(`/api/v2/profiles/${client.username}/detail`, { token: escort.token });
      expect(seen.status).toBe(200);
      expect(seen.body.data.members_only).toBe(true);
      // An escort's profile stays public.
      const public_ = await call<{ members_only: boolean }>(`/api/v2/profiles/${escort.username}/detail`);
      expect(public_.status).toBe(200);
      expect(public_.body.data.members_only).toBe(false);
    });

    it("never reach the sitemap, guests' autocomplete or guests' nearby lists", async () => {
      const client = await member();
      const other = await member();
      const escort = await member({ userType: USER_TYPE.escort, gender: GENDER.female });
      const sitemap = await call<Array<{ path: string }>>("/api/v2/seo/sitemaps/profiles?part=1");
      const paths = sitemap.body.data.map((entry) => entry.path);
      expect(paths).toContain(`p/${escort.username}`);
      expect(paths).not.toContain(`p/${client.username}`);
      const typed = await call<{ users: Array<{ username: string }> }>(`/api/v2/search/autocomplete?q=${client.username.slice(0, 8)}`);
      expect(typed.body.data.users.map((u) => u.username)).not.toContain(client.username);
      const asMember = await call<{ users: Array<{ username: string }> }>(`/api/v2/search/autocomplete?q=${client.username}`, {
        token: escort.token,
      });
      expect(asMember.body.data.users.map((u) => u.username)).toContain(client.username);
      const nearbyForGuests = await call<Array<{ username: string }>>(`/api/v2/profiles/${other.username}/nearby`, { token: undefined });
      expect(nearbyForGuests.status).toBe(403);
      const nearbyForMembers = await call<Array<{ username: string }>>(`/api/v2/profiles/${other.username}/nearby`, {
        token: escort.token,
      });
      expect(nearbyForMembers.body.data.map((p) => p.username)).toContain(client.username);
    });
  });

  describe("registration", () => {
    async function put(token: string, path: string, body?: unknown) {
      return call<{ next_step: string }>(`/api/v2/registration/${path}`, { token, method: "PUT", body: body ?? {} });
    }

    it("lets clients finish the photo step without a photo; escorts still need one", async () => {
      const client = await member({ completedStep: REGISTER_STEP["sign-up"] });
      expect((await put(client.token, "photo")).status).toBe(200);
      const escort = await member({ userType: USER_TYPE.escort, completedStep: REGISTER_STEP["sign-up"], gender: GENDER.female });
      const refused = await put(escort.token, "photo");
      expect(refused.status).toBe(400);
      expect(refused.body.errors?.[0]).toMatchObject({ key: "validation.image.required", source: "files" });
    });

    it("refuses cup sizes for men at the field", async () => {
      const man = await member({ completedStep: REGISTER_STEP.profile, gender: GENDER.male });
      const refused = await put(man.token, "appearance", { cup_size: 3 });
      expect(refused.status).toBe(400);
      expect(refused.body.errors?.[0]).toMatchObject({ key: "validation.steps.not_applicable", source: "cup_size" });
      const woman = await member({ completedStep: REGISTER_STEP.profile, gender: GENDER.female });
      expect((await put(woman.token, "appearance", { cup_size: 3 })).status).toBe(200);
    });
  });
});
