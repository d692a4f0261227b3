import { redirect, type AppLoadContext } from "@remix-run/node";
import { languageFromPath } from "~/i18n/lang";
import { createApiClient } from "./client.server";

/** The signed-in user as the header and dashboards need them (camelized /user/data). */
export interface Viewer {
  id: number;
  username: string;
  email: string;
  language: string;
  status: string;
  profile: { userType: number; gender: number | null; displayName: string; cityName: string | null };
  age: number | null;
  registrationCompletedAt: number | null;
  isMember: boolean;
  isEmailVerified: boolean;
  emailWasVerified: boolean;
  isBouncedEmail: boolean;
  /** The address needs (re-)verification; messaging and posting wait for it (ADR 024). */
  mustVerifyEmail: boolean;
  forcedFakeCheck: boolean;
  registerCompletedStep: number;
  /** Where the user must go first (path after the language, may carry a query), or null. */
  nextDestination: string | null;
}

/** The viewer, or null for guests (an invalid token reads as a guest). */
export async function loadViewer(request: Request, context: AppLoadContext): Promise<Viewer | null> {
  const api = createApiClient({ request, context });
  if (!api.session.token) return null;
  const result = await api.call<Viewer>("/api/v2/user/data", { handleErrors: true });
  return result.ok ? result.data : null;
}

/** For pages that need login: guests go to /{lang}/login?r={current path}. */
export async function requireViewer(request: Request, context: AppLoadContext): Promise<Viewer> {
  const viewer = await loadViewer(request, context);
  if (viewer) return viewer;
  const url = new URL(request.url);
  const lang = languageFromPath(url.pathname) ?? "de";
  throw redirect(`/${lang}/login?r=${encodeURIComponent(url.pathname + url.search)}`);
}
