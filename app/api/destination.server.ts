/**
 * The post-login order (spec section 2 "Redirects"): a signed-in user with
 * an unfinished duty (forced age check, unfinished registration) is sent
 * there first. An unverified e-mail address is no longer one (ADR 024). The API decides the duty
 * (user/data next_destination, from contract/registration requiredDestination);
 * this module decides which pages stay reachable meanwhile.
 */
import type { AppLoadContext } from "@remix-run/node";
import { authOps } from "#server/contract/operations/auth";
import { readSession } from "~/session/session.server";
import { createApiClient } from "./client.server";
import type { Viewer } from "./viewer.server";

/**
 * Paths (after the language, with everything below them) a user with an open
 * duty may still visit: the ways to fulfil one (join/*, the age check), to
 * leave (logout), to read the rules (legal, about, misc), error pages, and
 * the dev mailbox (where the verification mail is read outside production),
 * and the answer to a business that wants to list the member (declining a
 * stranger's request must never wait for a finished profile).
 */
const ALWAYS_ALLOWED = [
  "join",
  "user/age_check_verification",
  "user/linked_profiles",
  "logout",
  "legal",
  "about",
  "misc",
  "error",
  "dev",
  "invites",
  "invitation-code",
  "federated",
];

/** The path (with its language) the viewer must go to from `pathname`, or null to stay. */
export function requiredRedirect(viewer: Pick<Viewer, "nextDestination"> | null, pathname: string, lang: string): string | null {
  const destination = viewer?.nextDestination;
  if (!destination) return null;
  const target = `/${lang}/${destination}`;
  const targetPath = target.split("?")[0]!;
  const path = pathname.replace(/\/+$/, "");
  if (path === targetPath) return null;
  const rest = path.split("/").slice(2).join("/");
  if (ALWAYS_ALLOWED.some((allowed) => rest === allowed || rest.startsWith(`${allowed}/`))) return null;
  return target;
}

/**
 * Right after sign-in: where the new session must go first, asked with the
 * new token (the request's cookies do not carry it yet). Null when nothing
 * is open or the answer is unavailable (the layout catches it on the next page).
 */
export async function destinationForToken(
  request: Request,
  context: AppLoadContext,
  accessToken: string,
  lang: string,
): Promise<string | null> {
  const session = { ...readSession(request, Date.now()), token: accessToken };
  const api = createApiClient({ request, context, session });
  const result = await api.op(authOps.userData, { handleErrors: true });
  if (!result.ok || !result.data.nextDestination) return null;
  return `/${lang}/${result.data.nextDestination}`;
}
