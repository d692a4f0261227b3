/** The public face of the settings module: the current-password guard and the link requests, for the modules that change an account. Other modules import only this file. */
export { assertCurrentPassword } from "./account.service";
export { closeOpenRequests } from "./link-requests";
