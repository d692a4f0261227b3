/** The back office's members (issue 30 item 5, ADR 118): member search, a member's page, ban, pause and the other staff actions. */
import { defineFeature, defineJob } from "../manifest";
import { endPause } from "./actions";
import * as m0102 from "./migrations/0102_member_restrictions";
import { registerMembers } from "./routes";

export const manifest = defineFeature({
  name: "members",
  routes: registerMembers,
  migrations: { "0102_member_restrictions": m0102 },
  jobs: {
    /** A pause by the team ends at the time the staff member chose (ADR 118). */
    "member.pause_end": defineJob<{ restriction_id: number }>((deps) => ({ run: (payload) => endPause(deps, payload.restriction_id) })),
  },
});
export { pausedByTeam, reverseMemberRestriction } from "./actions";
