import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { DEFAULT_LANGUAGE } from "#server/contract/locales";
import { readSession } from "~/session/session.server";

/** "/" goes to the home page in the visitor's language (cookie, else de). */
export function loader({ request }: LoaderFunctionArgs) {
  const session = readSession(request, Date.now());
  const url = new URL(request.url);
  return redirect(`/${session.languageCookie ?? DEFAULT_LANGUAGE}${url.search}`, { headers: { Vary: "Cookie" } });
}
