/** The messenger group (spec section 7 "messenger"; ADR 043). Every route answers for the signed-in member only. */
import * as v from "valibot";
import { fail } from "../../api/errors";
import { rowIdParam } from "../../api/params";
import { ok } from "../../api/router";
import type { ModuleContext } from "../../api/module-context";
import {
  FIRST_CONTACTS_PER_DAY,
  FREE_PAIR_MESSAGES_PER_DAY,
  MESSAGE_ACTION,
  MESSAGE_BODY_MAX_FORM_BYTES,
  MESSAGE_PHOTOS_MAX,
  MESSAGE_UPLOAD_MAX_BODY_BYTES,
  MESSENGER_CONVERSATION_PAGE_SIZE,
  MESSENGER_ERRORS,
  MESSENGER_THREADS_PAGE_SIZE,
  OVERALL_MESSAGE_LIMITS,
  THREAD_ACTIONS,
  photoCaptionSchema,
  sendMessageSchema,
  type ThreadAction,
} from "../../contract/messenger";
import { IMAGE_MAX_BYTES } from "../../contract/media-upload";
import { PRICES } from "../../contract/prices";
import { INSUFFICIENT_DOLLARS_KEY } from "../../contract/wallet";
import { isValidProfileUsername } from "../../contract/validation";
import { messengerOps } from "../../contract/operations/messenger";
import { imageQueueOf, receiveUpload } from "../media/index";
import { contactLimit, contactOutlook } from "./contact";
import { preparePhotos, readMessagePhoto } from "./photos";
import {
  assertSameSend,
  autocomplete,
  boostMessage,
  conversationWith,
  directionCheck,
  precheckSend,
  sendMessage,
  threadAction,
  threadList,
  threadMediums,
} from "./service";
import { unreadCounts } from "../inbox/index";

function usernameOf(raw: string | undefined): string {
  if (!raw || !isValidProfileUsername(raw)) throw fail.notFound(MESSENGER_ERRORS.userNotFound);
  return raw;
}

const RULES = `Contact rules (one outcome each, error key exception.messenger.*, top-level outcome and upgrade): a blocking conversation state (403, the state's key; blocked by them reads "currently unavailable"); e-mail verification (403); overall ${OVERALL_MESSAGE_LIMITS.perHour}/hour and ${OVERALL_MESSAGE_LIMITS.perDay}/day (429); inside a conversation a free client and a free escort ${FREE_PAIR_MESSAGES_PER_DAY} messages each per 24 h (429 free_limit); a first contact: hot and new escorts only from plus clients (403), first contacts per 24 h basic ${FIRST_CONTACTS_PER_DAY.basic}, plus clients ${FIRST_CONTACTS_PER_DAY.plus_client}, plus escorts ${FIRST_CONTACTS_PER_DAY.plus_escort}, agencies and clubs ${FIRST_CONTACTS_PER_DAY.business} (429), the recipient's overflow (403); the recipient's first-contact filter sends the message to their requests folder (the sender reads success).`;

const CLIENT_KEY = `Optional query client_key (8–64 of A–Z a–z 0–9 _ -, a UUID per message): a retry with the same key answers the message already stored under it (201, same id) instead of a second copy; the same key to another member is 409 exception.messenger.client_key_reused. Optional query unlock=first_contact (with client_key; ADR 083): past the first-contact limit (429 first_contact_limit, whose dollar_offer names the price) the send pays the first-contact unlock under unlock:<client_key> in the same transaction as the message (payment in the answer); 402 ${INSUFFICIENT_DOLLARS_KEY} when the wallet does not cover it (nothing sent, nothing paid).`;

/** The messenger group. */
export function registerMessenger({ v2, deps }: ModuleContext): void {
  const base = { tag: "messenger", auth: "required" as const };
  v2.add(
    messengerOps.unread,
    {
      ...base,
      summary: "Unread messages and threads of the inbox, and the requests waiting.",
      statuses: [401],
    },
    async (c, { user }) => ok(c, await unreadCounts(deps.db, user!.id)),
  );
  v2.add(
    messengerOps.threads,
    {
      ...base,
      summary: `One folder (inbox | requests | hidden) of the member's threads, ${MESSENGER_THREADS_PAGE_SIZE} a page, latest first: the other member with online status 0–5 and conversation state, the last message, unread counts.`,
      statuses: [400, 401],
    },
    async (c, { user, query }) => ok(c, await threadList(deps, user!.id, query.folder, query.page)),
  );
  v2.add(
    messengerOps.conversation,
    {
      ...base,
      summary: `The conversation with a member: the newest ${MESSENGER_CONVERSATION_PAGE_SIZE} messages (oldest first), older ones with before_id, a resync with after_id (the messages after the last one the client holds); the state, and what a send would answer now (can_send; null on a resync with after_id, which skips the contact rules). No messages when there is no thread yet.`,
      statuses: [400, 401, 404],
    },
    async (c, { user, query }) => ok(c, await conversationWith(deps, user!.id, usernameOf(c.req.param("username")), query)),
  );
  v2.add(
    messengerOps.direction,
    {
      ...base,
      summary: `The direction check: what sending to this member would answer now, without sending. ${RULES}`,
      statuses: [400, 401, 404],
    },
    async (c, { user }) => ok(c, await directionCheck(deps, user!.id, usernameOf(c.req.param("username")))),
  );
  v2.add(
    messengerOps.contact,
    {
      tag: "messenger",
      auth: "optional",
      summary:
        "The contact outlook for a profile (ADR 068): whether the viewer may write (can_send), the rule that applies (a refusal's outcome with its message key and upgrade; email_verification when only the address is missing; membership_verification or verified when a first message would wait in the recipient's requests folder) and what the viewer can do instead (favorite, date_request, plus). A guest is answered as a new free client (`for: new_client`). " +
        "The profile's visibility rules apply first: 404 for a profile the viewer may not see, 403 exception.profile.members_only for guests.",
      statuses: [401, 403, 404],
    },
    async (c, { user }) => {
      const outlook = await contactOutlook(deps, user ?? null, usernameOf(c.req.param("username")));
      // Guests share one answer per profile (as the profile detail); a member's is their own.
      c.header("Cache-Control", user ? "private, no-store" : "public, max-age=60");
      c.header("Vary", "Authorization, Accept-Language");
      return ok(c, outlook);
    },
  );
  v2.add(
    messengerOps.contactLimit,
    {
      tag: "user",
      auth: "required",
      summary:
        "The viewer's first contacts in the rolling 24 hours as the contact rules count them (the limit per user type and plus, used, left) and when the oldest counted one leaves the window (next_free_at, ms; null when none is counted). Only the viewer's own: no id is taken.",
      statuses: [401],
    },
    async (c, { user }) => {
      c.header("Cache-Control", "private, no-store");
      return ok(c, await contactLimit(deps, user!.id));
    },
  );
  v2.add(
    messengerOps.send,
    {
      ...base,
      summary: `Sends a text message (body 1–2000 characters). ${CLIENT_KEY} ${RULES}`,
      statuses: [201, 400, 401, 402, 403, 404, 409, 429],
    },
    async (c, { user, body, query }) => {
      const sent = await sendMessage(deps, user!.id, usernameOf(c.req.param("username")), {
        body: body.body,
        clientKey: query.client_key ?? null,
        firstContactUnlock: query.unlock === "first_contact",
      });
      return ok(c, sent.result, { status: 201 });
    },
  );
  v2.add(
    messengerOps.sendPhotos,
    {
      ...base,
      summary: `Sends up to ${MESSAGE_PHOTOS_MAX} photos with an optional text, or a text alone (multipart/form-data: body, files; the web's compose form). Each 50,000–20,000,000 bytes, JPEG/PNG/WebP, at least 200 px wide; stored without EXIF/GPS and visible only to the two members. Errors carry source files.N. ${CLIENT_KEY} A retry whose key is stored is answered without image work. ${RULES}`,
      maxBodyBytes: MESSAGE_UPLOAD_MAX_BODY_BYTES,
      streamsBody: true,
      statuses: [201, 400, 401, 402, 403, 404, 409, 413, 429, 503],
    },
    async (c, { user, query }) => {
      const username = usernameOf(c.req.param("username"));
      const clientKey = query.client_key ?? null;
      const firstContactUnlock = query.unlock === "first_contact";
      const upload = await receiveUpload(c.req.raw, {
        tmpDir: deps.config.uploadTmpDir,
        fileField: "files",
        maxFiles: MESSAGE_PHOTOS_MAX,
        maxFileBytes: IMAGE_MAX_BYTES,
        maxBodyBytes: MESSAGE_UPLOAD_MAX_BODY_BYTES,
        fields: ["body"],
        fieldMaxBytes: MESSAGE_BODY_MAX_FORM_BYTES,
        fieldTooLongKey: MESSENGER_ERRORS.bodyTooLong,
      });
      try {
        const caption = v.safeParse(photoCaptionSchema, upload.fields.get("body") ?? "");
        if (!caption.success) throw fail.badRequest(caption.issues[0].message, "body");
        // The web's one compose form: text alone is a text message, through the rules once (in the send).
        if (upload.files.length === 0) {
          const text = v.safeParse(sendMessageSchema, { body: caption.output });
          if (!text.success) throw fail.badRequest(text.issues[0].message, "body");
          const sent = await sendMessage(deps, user!.id, username, { body: text.output.body, clientKey, firstContactUnlock });
          return ok(c, sent.result, { status: 201 });
        }
        // Photos: a refusal or a retry already stored is known before any image work.
        const stored = await precheckSend(deps, user!.id, username, clientKey, { firstContactUnlock });
        if (stored) {
          assertSameSend(stored, { body: caption.output, photoCount: upload.files.length });
          return ok(c, stored, { status: 201 });
        }
        imageQueueOf(deps).assertRoom();
        const prepared = await preparePhotos(deps, upload.files);
        let keep = false;
        try {
          const sent = await sendMessage(deps, user!.id, username, {
            body: caption.output,
            photos: prepared.photos,
            clientKey,
            firstContactUnlock,
          });
          // A parallel try of the same key stored the message first: these photos belong to nothing.
          keep = !sent.replayed;
          return ok(c, sent.result, { status: 201 });
        } finally {
          if (!keep) await prepared.remove();
        }
      } finally {
        await upload.cleanup();
      }
    },
  );
  v2.add(
    messengerOps.noThanks,
    {
      ...base,
      summary:
        "Sends the polite no thanks (action type 2) in an existing conversation: the other member cannot write further until the sender writes again. 404 without a conversation.",
      statuses: [201, 401, 403, 404],
    },
    async (c, { user }) => {
      const sent = await sendMessage(deps, user!.id, usernameOf(c.req.param("username")), {
        body: "",
        actionType: MESSAGE_ACTION.no_thanks,
      });
      return ok(c, sent.result, { status: 201 });
    },
  );
  v2.add(
    messengerOps.threadAction,
    {
      ...base,
      summary: `A thread action on the member's own view: ${THREAD_ACTIONS.join(", ")} (accept and decline answer a thread in the requests folder; declining is silent to the sender; read with up_to marks read up to that message only). Another member's thread answers 404.`,
      statuses: [400, 401, 404, 409],
    },
    async (c, { user, query }) => {
      const action = c.req.param("action") as ThreadAction;
      if (!(THREAD_ACTIONS as readonly string[]).includes(action)) throw fail.notFound(MESSENGER_ERRORS.threadNotFound);
      const threadId = rowIdParam(c.req.param("id"), MESSENGER_ERRORS.threadNotFound);
      return ok(c, await threadAction(deps, user!.id, threadId, action, { upTo: query.up_to }));
    },
  );
  v2.add(
    messengerOps.mediums,
    {
      ...base,
      summary: "The photos exchanged in the member's view of a thread, newest first. Another member's thread answers 404.",
      statuses: [401, 404],
    },
    async (c, { user }) => ok(c, await threadMediums(deps, user!.id, rowIdParam(c.req.param("id"), MESSENGER_ERRORS.threadNotFound))),
  );
  v2.add(
    messengerOps.autocomplete,
    {
      ...base,
      summary:
        "Usernames the member may write to, by prefix (at least 2 characters): conversations first, then findable profiles; never blocked, hidden or staff accounts.",
      statuses: [400, 401],
    },
    async (c, { user, query }) => ok(c, await autocomplete(deps, user!.id, query.q)),
  );
  v2.add(
    messengerOps.boost,
    {
      ...base,
      summary: `Boosts one of the member's own messages for ${PRICES.boost.amount} dollars (the product boost, MESSAGE_BOOST; ADR 083): the message is marked boosted and the conversation rises to the top of the receiver's list. Body { key }: the idempotency key (a retry answers the first payment). A message boosted before answers already_boosted and pays nothing; 402 ${INSUFFICIENT_DOLLARS_KEY} (params price, balance) when the wallet does not cover it; 404 for a message that is not the member's own or no longer in their view.`,
      statuses: [200, 400, 401, 402, 404],
    },
    async (c, { user, body }) =>
      ok(c, await boostMessage(deps, user!.id, rowIdParam(c.req.param("id"), MESSENGER_ERRORS.messageNotFound), body.key)),
  );
  v2.add(
    messengerOps.photo,
    {
      ...base,
      summary:
        "One variant of a message photo ({width}.avif|webp|jpg), only for the two members of its thread while the message is in their view. 404 otherwise. Browsers use /messenger-photo/{key}/{variant}.",
      statuses: [404],
    },
    async (c, { user }) => {
      const file = await readMessagePhoto(deps, user!.id, c.req.param("key") ?? "", c.req.param("variant") ?? "");
      return c.body(file.object.body, 200, {
        "Content-Type": file.mimeType,
        "Content-Length": String(file.object.size),
        "X-Content-Type-Options": "nosniff",
        "Cache-Control": "private, max-age=31536000, immutable",
        Vary: "Authorization",
      });
    },
  );
}
