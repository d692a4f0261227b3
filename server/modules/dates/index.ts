/** The dates group's public face for other modules (reviews) and the job handlers (ADR 046). */
export { appendDateEvent, loadDateForParticipant, type DateEventInput, type DateRecord } from "./store";
export { expireDate, remindDate } from "./service";
export { sendCheckinAlert } from "./checkin";
