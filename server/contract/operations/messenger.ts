/** The messenger group's operations (ADR 062): method, path, schemas and response, for the API and the web tier. */
import { defineOperation } from "../operation";
import {
  autocompleteQuerySchema,
  boostBodySchema,
  conversationQuerySchema,
  sendMessageSchema,
  sendQuerySchema,
  threadActionQuerySchema,
  threadListQuerySchema,
} from "../messenger";
import "../messenger-contact-limit";

export const messengerOps = {
  unread: defineOperation({ method: "get", path: "/api/v2/messenger/unread", response: "MessengerUnread" }),
  threads: defineOperation({ method: "get", path: "/api/v2/messenger/threads", query: threadListQuerySchema, response: "ThreadList" }),
  conversation: defineOperation({
    method: "get",
    path: "/api/v2/messenger/messages/:username",
    query: conversationQuerySchema,
    response: "Conversation",
  }),
  direction: defineOperation({ method: "get", path: "/api/v2/messenger/direction/:username", response: "SendCheck" }),
  contact: defineOperation({ method: "get", path: "/api/v2/messenger/contact/:username", response: "ContactOutlook" }),
  /** The viewer's first contacts left today and when the next frees (issue 32 item 8). */
  contactLimit: defineOperation({ method: "get", path: "/api/v2/user/contact-limit", response: "ContactLimit" }),
  send: defineOperation({
    method: "post",
    path: "/api/v2/messenger/send/:username",
    body: sendMessageSchema,
    query: sendQuerySchema,
    response: "SendResult",
  }),
  sendPhotos: defineOperation({
    method: "post",
    path: "/api/v2/messenger/send/:username/photos",
    query: sendQuerySchema,
    response: "SendResult",
  }),
  noThanks: defineOperation({ method: "post", path: "/api/v2/messenger/no-thanks/:username", response: "SendResult" }),
  threadAction: defineOperation({
    method: "post",
    path: "/api/v2/messenger/threads/:id/:action",
    query: threadActionQuerySchema,
    response: "ThreadActionResult",
  }),
  mediums: defineOperation({ method: "get", path: "/api/v2/messenger/threads/:id/mediums", response: "ThreadMediums" }),
  autocomplete: defineOperation({
    method: "get",
    path: "/api/v2/messenger/autocomplete",
    query: autocompleteQuerySchema,
    response: "MessengerAutocomplete",
  }),
  boost: defineOperation({ method: "post", path: "/api/v2/messenger/boost/:id", body: boostBodySchema, response: "BoostResult" }),
  photo: defineOperation({ method: "get", path: "/api/v2/messenger/photos/:key/:variant" }),
};
