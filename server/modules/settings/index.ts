/** The public face of the settings module: the current-password guard and the link requests, for the modules that change an account. Other modules import only this file. */
import { defineFeature } from "../manifest";
import { registerSettings } from "./routes";
export { assertCurrentPassword } from "./account.service";
export { closeOpenRequests, closeRequestOnce, openRequestByToken } from "./link-requests";
/** The messenger's contact rules read the first-contact filter; its unread mail the notification choices (ADR 043). */
export { firstContactFilter } from "./first-contact.service";
export { wantsNotification } from "./notifications.service";
export { settingsGroupsFor } from "./service";

export const manifest = defineFeature({ name: "settings", routes: registerSettings });
