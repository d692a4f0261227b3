/**
 * POST /{lang}/user/notifications/push (ADR 044): the push switch's script posts the browser's subscription here
 * (JSON: { action: "subscribe", subscription } or { action: "unsubscribe", endpoint }); the API stores or drops it.
 * JavaScript only by nature; GET has nothing to show and goes to the settings page.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { submitPushSwitch } from "~/features/settings/push.server";

export const action = (args: ActionFunctionArgs) => submitPushSwitch(args);

export const loader = ({ params }: LoaderFunctionArgs) => redirect(`/${params.lang ?? "de"}/user/notifications`);
