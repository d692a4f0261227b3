/** POST /{lang}/announcements/dismiss: the announcement bar's "dismiss" form (ADR 044). No page: GET goes home. */
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { submitAnnouncementDismiss } from "~/features/notifications/announcements.server";

export const action = (args: ActionFunctionArgs) => submitAnnouncementDismiss(args);

export const loader = ({ params }: LoaderFunctionArgs) => redirect(`/${params.lang ?? "de"}`);
