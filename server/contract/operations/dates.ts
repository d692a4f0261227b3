/** The dates group's operations (ADR 062): method, path, schemas and response, for the API and the web tier. */
import { defineOperation } from "../operation";
import { checkinSchema, dateAnswerSchema, dateListQuerySchema, dateRescheduleSchema, sendDateSchema } from "../dates";

export const datesOps = {
  list: defineOperation({ method: "get", path: "/api/v2/dates", query: dateListQuerySchema, response: "DateList" }),
  options: defineOperation({ method: "get", path: "/api/v2/dates/options/:username", response: "DateOptions" }),
  send: defineOperation({ method: "post", path: "/api/v2/dates/send/:username", body: sendDateSchema, response: "DateDetail" }),
  detail: defineOperation({ method: "get", path: "/api/v2/dates/:id", response: "DateDetail" }),
  /** The member whose turn it is accepts or rejects; either member cancels. Body: the version the member saw. */
  answer: {
    accept: defineOperation({ method: "post", path: "/api/v2/dates/:id/accept", body: dateAnswerSchema, response: "DateDetail" }),
    reject: defineOperation({ method: "post", path: "/api/v2/dates/:id/reject", body: dateAnswerSchema, response: "DateDetail" }),
    cancel: defineOperation({ method: "post", path: "/api/v2/dates/:id/cancel", body: dateAnswerSchema, response: "DateDetail" }),
  },
  reschedule: defineOperation({ method: "post", path: "/api/v2/dates/:id/reschedule", body: dateRescheduleSchema, response: "DateDetail" }),
  setCheckin: defineOperation({ method: "put", path: "/api/v2/dates/:id/checkin", body: checkinSchema, response: "CheckinView" }),
  checkIn: defineOperation({ method: "post", path: "/api/v2/dates/:id/checkin", response: "CheckinView" }),
};
