/** The dates group's public face for other modules (reviews), the job handlers (ADR 046) and the demo seed. */
export { appendDateEvent, loadDateForParticipant, type DateEventInput, type DateRecord } from "./store";
export { expireDate, pairKey, remindDate } from "./service";
export { sendCheckinAlert } from "./checkin";
