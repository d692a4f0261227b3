/** The live chat room's operations (issue 31 item 3 and 5, ADR 062, 126): the room, lines, tips, moderation and staff's live sanctions. */
import { defineOperation } from "../operation";
import {
  liveChatPostSchema,
  liveChatQuerySchema,
  liveChatTipSchema,
  liveLiftSchema,
  liveSanctionSchema,
  liveStaffEndSchema,
  liveSuspendSchema,
} from "../live-chat";

export const liveChatOps = {
  // Read with the API's snake_case keys: the socket's live.line events carry the same lines unchanged, and the
  // browser's live store holds one shape (app/stores/live.ts).
  room: defineOperation({
    method: "get",
    path: "/api/v2/live/:id/chat",
    query: liveChatQuerySchema,
    response: "LiveChatRoom",
    camelize: false,
  }),
  post: defineOperation({ method: "post", path: "/api/v2/live/:id/chat", body: liveChatPostSchema, response: "LiveChatPosted" }),
  tip: defineOperation({ method: "post", path: "/api/v2/live/:id/chat/tip", body: liveChatTipSchema, response: "LiveChatTipped" }),
  removeLine: defineOperation({ method: "delete", path: "/api/v2/live/:id/chat/:lineId", response: "LiveChatLineRemoved" }),
  sanction: defineOperation({
    method: "post",
    path: "/api/v2/live/:id/sanctions",
    body: liveSanctionSchema,
    response: "LiveViewerSanctionState",
  }),
  liftSanction: defineOperation({ method: "delete", path: "/api/v2/live/:id/sanctions/:memberId", response: "LiveViewerSanctionState" }),
  staffEnd: defineOperation({
    method: "post",
    path: "/api/v2/backoffice/live/:id/end",
    body: liveStaffEndSchema,
    response: "LiveStaffEnded",
  }),
  suspension: defineOperation({ method: "get", path: "/api/v2/backoffice/live/suspensions/:memberId", response: "LiveSuspensionState" }),
  suspend: defineOperation({
    method: "post",
    path: "/api/v2/backoffice/live/suspensions",
    body: liveSuspendSchema,
    response: "LiveSuspensionState",
  }),
  lift: defineOperation({
    method: "post",
    path: "/api/v2/backoffice/live/suspensions/:memberId/lift",
    body: liveLiftSchema,
    response: "LiveSuspensionState",
  }),
};
