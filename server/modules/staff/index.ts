/** The staff module's public face (ADR 056): creating back-office accounts from the command line. No routes. */
export { createStaffAccount, hasStaffAccount, STAFF_CREATE_COMMAND, type StaffAccountCreated } from "./service";
