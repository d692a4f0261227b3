import { describe, expectTypeOf, it } from "vitest";
import type { UserDataResponse } from "#server/contract/user-data";
import type { Camelize } from "~/api/camelize";
import type { Viewer } from "~/api/viewer.server";

/** Issue 8 item 1: the web tier's view of a response type is derived from the contract, never rewritten. */
describe("Camelize", () => {
  it("camelizes keys at every depth, in arrays too, and leaves values alone", () => {
    expectTypeOf<Camelize<{ user_type: number; tile_list: Array<{ avatar_url: string | null }>; is_member: boolean }>>().toEqualTypeOf<{
      userType: number;
      tileList: Array<{ avatarUrl: string | null }>;
      isMember: boolean;
    }>();
  });

  it("the viewer is /user/data's contract type, camelized", () => {
    expectTypeOf<Viewer>().toEqualTypeOf<Camelize<UserDataResponse>>();
    expectTypeOf<Viewer["profile"]["userType"]>().toEqualTypeOf<number>();
    expectTypeOf<Viewer["mustVerifyEmail"]>().toEqualTypeOf<boolean>();
  });
});
