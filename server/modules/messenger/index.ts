/** The messenger's public face for other modules and the job handlers (ADR 043). */
export { sendUnreadMail } from "./mails";
export { contactFilterOutcome, hasWrittenTo } from "./rules";
export { typingRecipient } from "./service";
