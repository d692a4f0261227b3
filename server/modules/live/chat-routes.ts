/** HTTP of the live chat room, tips in the chat, moderation and staff's live sanctions (issue 31 items 3 and 5, ADR 126). */
import type { ModuleContext } from "../../api/module-context";
import { rowIdParam } from "../../api/params";
import { ok } from "../../api/router";
import { LIVE_CHAT_BURST, LIVE_CHAT_INTERVAL_MS, LIVE_CHAT_MAX } from "../../contract/live";
import { LIVE_CHAT_ERRORS, LIVE_CHAT_PAGE } from "../../contract/live-chat";
import { liveChatOps } from "../../contract/operations/live-chat";
import { chatRoom, liftSanction, postLine, removeLine, sanctionViewer, tipInChat } from "./chat";
import { liftLiveSuspension, liveSuspensionOf, staffEndStream, suspendLive } from "./safety";

const PRIVATE = "private, no-store";
const STREAM_NOTE =
  "404 for an unknown stream, one whose creator and the caller are separated by a block, or whose creator is not active (liveAccess, ADR 124).";
const MODERATOR_NOTE = "The stream's creator or staff only (403 exception.live_chat.not_moderator).";
const STAFF_NOTE = "Team and backend accounts only (reports.decide).";

const streamId = (raw: string | undefined) => rowIdParam(raw, LIVE_CHAT_ERRORS.notFound);

export function registerLiveChat({ v2 }: ModuleContext): void {
  v2.add(
    liveChatOps.room,
    {
      tag: "live",
      auth: "required",
      summary: `A stream's chat room for the caller: the newest ${LIVE_CHAT_PAGE} lines oldest first (or those after after_id, a client's resync; more when another page follows), the caller's role, why they may not write (muted, removed, ended, no_access), whether they moderate or may tip, and for moderators the sanctioned viewers. Lines only for whoever may watch (and the creator and staff after the end). ${STREAM_NOTE}`,
      statuses: [400, 401, 404],
    },
    async (c, { user, query }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await chatRoom(c.get("deps"), user!.id, streamId(c.req.param("id")), query.after_id));
    },
  );
  v2.add(
    liveChatOps.post,
    {
      tag: "live",
      auth: "required",
      summary: `Writes a line (1–${LIVE_CHAT_MAX} characters, one line, the ProstSchG §32 rule of profile texts: 400 at body). 403 muted, removed or without access to the stream; 409 when it is not on air; 429 after ${LIVE_CHAT_BURST} lines in ${(LIVE_CHAT_BURST * LIVE_CHAT_INTERVAL_MS) / 1000} s. Published to the room. ${STREAM_NOTE}`,
      statuses: [400, 401, 403, 404, 409, 429],
    },
    async (c, { user, body }) => ok(c, await postLine(c.get("deps"), user!.id, streamId(c.req.param("id")), body.body)),
  );
  v2.add(
    liveChatOps.tip,
    {
      tag: "live",
      auth: "required",
      summary: `Tips the stream's creator through the wallet's tip service (its amounts, monthly limit and ledger) under the client's money key, and shows the tip in the chat with the tipper's name or as anonymous. A retry with the key answers the first result and writes no second line. status insufficient: nothing moved, no line. 403 for the creator, staff, a removed viewer or one without access; 409 when not on air, over the monthly limit or a key reused. ${STREAM_NOTE}`,
      statuses: [400, 401, 403, 404, 409],
    },
    async (c, { user, body }) => ok(c, await tipInChat(c.get("deps"), user!.id, streamId(c.req.param("id")), body)),
  );
  v2.add(
    liveChatOps.removeLine,
    {
      tag: "live",
      auth: "required",
      summary: `Removes a line from the room (kept for reports, never shown again). ${MODERATOR_NOTE} 404 for a line not of this stream or removed already. ${STREAM_NOTE}`,
      statuses: [401, 403, 404],
    },
    async (c, { user }) =>
      ok(
        c,
        await removeLine(
          c.get("deps"),
          user!.id,
          streamId(c.req.param("id")),
          rowIdParam(c.req.param("lineId"), LIVE_CHAT_ERRORS.lineNotFound),
        ),
      ),
  );
  v2.add(
    liveChatOps.sanction,
    {
      tag: "live",
      auth: "required",
      summary: `Mutes (may watch, may not write) or removes (may neither) a viewer for this stream; the stronger replaces the weaker. ${MODERATOR_NOTE} 404 at member_id for an unknown member, the creator, staff or the caller. ${STREAM_NOTE}`,
      statuses: [400, 401, 403, 404],
    },
    async (c, { user, body }) =>
      ok(c, await sanctionViewer(c.get("deps"), user!.id, streamId(c.req.param("id")), body.member_id, body.sanction)),
  );
  v2.add(
    liveChatOps.liftSanction,
    {
      tag: "live",
      auth: "required",
      summary: `Lets a muted or removed viewer back (none to lift changes nothing). ${MODERATOR_NOTE} ${STREAM_NOTE}`,
      statuses: [401, 403, 404],
    },
    async (c, { user }) =>
      ok(
        c,
        await liftSanction(
          c.get("deps"),
          user!.id,
          streamId(c.req.param("id")),
          rowIdParam(c.req.param("memberId"), LIVE_CHAT_ERRORS.memberNotFound),
        ),
      ),
  );
  v2.add(
    liveChatOps.staffEnd,
    {
      tag: "backoffice",
      auth: "required",
      staff: "reports.decide",
      summary: `Ends a stream now (end reason staff), with a statement of reasons to its creator and an audit row; ended false when it was over already (nothing written). 404 for an unknown stream. ${STAFF_NOTE}`,
      statuses: [400, 401, 403, 404],
    },
    async (c, { user, body }) => ok(c, await staffEndStream(c.get("deps"), user!.id, streamId(c.req.param("id")), body.statement)),
  );
  v2.add(
    liveChatOps.suspension,
    {
      tag: "backoffice",
      auth: "required",
      staff: "reports.decide",
      summary: `Whether a member's live access is suspended now, and until when (null: until lifted). ${STAFF_NOTE}`,
      statuses: [401, 403, 404],
    },
    async (c) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await liveSuspensionOf(c.get("deps"), rowIdParam(c.req.param("memberId"), LIVE_CHAT_ERRORS.memberNotFound)));
    },
  );
  v2.add(
    liveChatOps.suspend,
    {
      tag: "backoffice",
      auth: "required",
      staff: "reports.decide",
      summary: `Suspends a creator's live access for 1–365 days (no days: until lifted): no new stream, and the one on air ends now. Replaces a running suspension. Statement of reasons (service restricted) and an audit row. 404 at member_id for an unknown member or staff. ${STAFF_NOTE}`,
      statuses: [400, 401, 403, 404],
    },
    async (c, { user, body }) => ok(c, await suspendLive(c.get("deps"), user!.id, body)),
  );
  v2.add(
    liveChatOps.lift,
    {
      tag: "backoffice",
      auth: "required",
      staff: "reports.decide",
      summary: `Lifts a creator's running live suspension (audit row with the reason). 409 when none is running. ${STAFF_NOTE}`,
      statuses: [400, 401, 403, 404, 409],
    },
    async (c, { user, body }) =>
      ok(
        c,
        await liftLiveSuspension(
          c.get("deps"),
          user!.id,
          rowIdParam(c.req.param("memberId"), LIVE_CHAT_ERRORS.memberNotFound),
          body.statement,
        ),
      ),
  );
}
