/** The live streams part's routes (issue 31, ADR 124): thin handlers over streams.ts and recordings.ts. */
import { rowIdParam } from "../../api/params";
import type { ModuleContext } from "../../api/module-context";
import { ok } from "../../api/router";
import { LIVE_ERRORS } from "../../contract/live";
import { liveStreamOps } from "../../contract/operations/live-streams";
import { buyRecording, deleteRecording, listRecordings, myRecordings, recordingForViewer, updateRecording } from "./recordings";
import {
  browseStreams,
  createStream,
  myStreams,
  payForStream,
  profileLiveTab,
  rescheduleStream,
  startStream,
  stopStream,
  streamForViewer,
  subscribeToCreator,
  unsubscribeFromCreator,
  updateStream,
} from "./streams";

const PRIVATE = "private, no-store";
const idOf = (raw: string | undefined) => rowIdParam(raw, LIVE_ERRORS.notFound);
const NOT_MINE = " Another creator's stream answers 404 exception.live.not_found, like an unknown id.";

export function registerLiveStreams({ v2 }: ModuleContext): void {
  const base = { tag: "live", auth: "required" } as const;
  v2.add(
    liveStreamOps.browse,
    {
      tag: "live",
      auth: "optional",
      summary:
        "Browse: streams on air (most viewers first, then newest) and announced ones (soonest first) of creators the viewer may see, filtered by category and city id; the cities of those streams for the filter.",
      statuses: [400],
    },
    async (c, { query, user }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await browseStreams(c.get("deps"), user?.id ?? null, { category: query.category, city: query.city }));
    },
  );
  v2.add(
    liveStreamOps.create,
    {
      ...base,
      summary:
        "Creates a stream on air now (start=now) or announced for scheduled_at (epoch ms, at most 30 days ahead). 400 a field out of its limits (a paid stream without a price), 403 exception.live.not_creator / suspended / cannot_publish, 409 exception.live.already_live while the creator is on air.",
      statuses: [400, 401, 403, 409],
    },
    async (c, { body, user }) => ok(c, await createStream(c.get("deps"), user!, body)),
  );
  v2.add(
    liveStreamOps.mine,
    { ...base, summary: "The caller's streams, newest first, and why they may not stream now (null: they may).", statuses: [401] },
    async (c, { user }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await myStreams(c.get("deps"), user!));
    },
  );
  v2.add(
    liveStreamOps.get,
    {
      tag: "live",
      auth: "optional",
      summary:
        "One stream with the viewer's access (role PRODUCER or AUDIENCE, watch, chat, denial sign_in/ended/removed/plus/fans/payment/not_found) and, when they may watch, the HLS and WHEP URLs. 404 unknown, or a block either way.",
      statuses: [404],
    },
    async (c, { user }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await streamForViewer(c.get("deps"), user?.id ?? null, idOf(c.req.param("id"))));
    },
  );
  v2.add(
    liveStreamOps.update,
    {
      ...base,
      summary: `Changes title and category (any time before the end) and audience and price (only while announced: 409 exception.live.audience_fixed on air). 409 exception.live.ended after the end.${NOT_MINE}`,
      statuses: [400, 401, 404, 409],
    },
    async (c, { body, user }) => ok(c, await updateStream(c.get("deps"), user!.id, idOf(c.req.param("id")), body)),
  );
  v2.add(
    liveStreamOps.reschedule,
    {
      ...base,
      summary: `Moves an announced stream's start to scheduled_at (epoch ms; 400 exception.live.scheduled_at in the past or more than 30 days ahead, as when creating). 409 exception.live.not_reschedulable on air or after the end.${NOT_MINE}`,
      statuses: [400, 401, 404, 409],
    },
    async (c, { body, user }) => ok(c, await rescheduleStream(c.get("deps"), user!.id, idOf(c.req.param("id")), body)),
  );
  v2.add(
    liveStreamOps.start,
    {
      ...base,
      summary: `An announced stream goes on air. 403 as for creating, 409 exception.live.not_scheduled or already_live.${NOT_MINE}`,
      statuses: [401, 403, 404, 409],
    },
    async (c, { user }) => ok(c, await startStream(c.get("deps"), user!, idOf(c.req.param("id")))),
  );
  v2.add(
    liveStreamOps.stop,
    {
      ...base,
      summary: `Ends the stream (or cancels an announced one); its media stop and a recording is kept when asked. 409 exception.live.ended.${NOT_MINE}`,
      statuses: [401, 404, 409],
    },
    async (c, { user }) => ok(c, await stopStream(c.get("deps"), user!.id, idOf(c.req.param("id")))),
  );
  v2.add(
    liveStreamOps.pay,
    {
      ...base,
      summary:
        "Pays a paid stream's price once (CONSUME to the creator's pending earnings, ledger key live:<stream>:<member>): every retry answers the first payment (replayed). 400 own stream, 402 exception.wallet.insufficient (params price, balance), 403 staff, 404 unknown or hidden, 409 not paid or ended.",
      statuses: [400, 401, 402, 403, 404, 409],
    },
    async (c, { user }) => ok(c, await payForStream(c.get("deps"), user!.id, user!.userType, idOf(c.req.param("id")))),
  );
  v2.add(
    liveStreamOps.subscribe,
    {
      ...base,
      summary:
        "Follows a creator's live schedule: told when they go live or announce a stream. Idempotent. 400 oneself, 403 staff, 404 unknown, no creator or hidden.",
      statuses: [400, 401, 403, 404],
    },
    async (c, { user }) => ok(c, await subscribeToCreator(c.get("deps"), user!, c.req.param("username") ?? "")),
  );
  v2.add(
    liveStreamOps.unsubscribe,
    { ...base, summary: "Stops following a creator's live schedule. Idempotent. 404 unknown name.", statuses: [401, 404] },
    async (c, { user }) => ok(c, await unsubscribeFromCreator(c.get("deps"), user!.id, c.req.param("username") ?? "")),
  );
  v2.add(
    liveStreamOps.profile,
    {
      tag: "live",
      auth: "optional",
      summary:
        "A creator's live tab: the stream on air, announced streams, the recordings the viewer may see, the watch subscription. 404 unknown, no creator or hidden.",
      statuses: [404],
    },
    async (c, { user }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await profileLiveTab(c.get("deps"), user, c.req.param("username") ?? ""));
    },
  );
  v2.add(
    liveStreamOps.recordings,
    {
      tag: "live",
      auth: "optional",
      summary:
        "Watch recording: other creators' ready recordings the viewer may see (fsk18 with an open age check; private ones only when sold or for fans), newest first. Guests: none.",
    },
    async (c, { user }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await listRecordings(c.get("deps"), user));
    },
  );
  v2.add(
    liveStreamOps.myRecordings,
    { ...base, summary: "The caller's recordings in every state but deleted, newest first.", statuses: [401] },
    async (c, { user }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await myRecordings(c.get("deps"), user!.id));
    },
  );
  v2.add(
    liveStreamOps.recording,
    {
      tag: "live",
      auth: "optional",
      summary:
        "One recording for its page: title, creator, date, duration, terms and what the viewer may do (watch, or the denial: sign_in, age, fans, payment); with `grant` (g=…, bound to the viewer, one hour) for /live/recordings/{id}/recording.mp4 while they may play it. 404 where the recording is hidden from the viewer (unknown, deleted, not ready, removed, a block, a private one offered to nobody).",
      statuses: [404],
    },
    async (c, { user }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await recordingForViewer(c.get("deps"), user, idOf(c.req.param("id"))));
    },
  );
  v2.add(
    liveStreamOps.updateRecording,
    {
      ...base,
      summary:
        "Sets a recording's visibility (private or fsk18: 403 exception.live.fsk18 without the creator's age check), price and fans only. Another creator's recording answers 404.",
      statuses: [400, 401, 403, 404],
    },
    async (c, { body, user }) => ok(c, await updateRecording(c.get("deps"), user!.id, idOf(c.req.param("id")), body)),
  );
  v2.add(
    liveStreamOps.buyRecording,
    {
      ...base,
      summary:
        "Buys a priced recording once (CONSUME to the creator's pending earnings, ledger key live-recording:<recording>:<member>); a retry answers the first purchase (replayed). 400 own, 402 exception.wallet.insufficient, 403 staff or exception.live.age_check for an fsk18 one without the age check, 404 hidden, 409 not for sale.",
      statuses: [400, 401, 402, 403, 404, 409],
    },
    async (c, { user }) => ok(c, await buyRecording(c.get("deps"), user!, idOf(c.req.param("id")))),
  );
  v2.add(
    liveStreamOps.deleteRecording,
    {
      ...base,
      summary:
        "Deletes a recording and every file of it; answers the caller's remaining recordings. Another creator's recording answers 404.",
      statuses: [401, 404],
    },
    async (c, { user }) => ok(c, await deleteRecording(c.get("deps"), user!.id, idOf(c.req.param("id")))),
  );
}
