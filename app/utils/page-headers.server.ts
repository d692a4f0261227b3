import { readSession } from "~/session/session.server";
import { GUEST_MAX_AGE, guestPage, memberView } from "./cache-headers";

/**
 * Profiles and the pages listing them: guests share a page for a minute in shared caches (browsers
 * revalidate with the ETag); a signed-in viewer's page is theirs alone.
 */
export function publicPageHeaders(request: Request): Record<string, string> {
  const signedIn = readSession(request, Date.now()).token !== null;
  return signedIn ? memberView() : guestPage(GUEST_MAX_AGE.profile, { revalidate: true, signedInView: true });
}
