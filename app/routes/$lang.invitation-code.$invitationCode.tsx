/** invitation-code/{invitationCode} (G): keep a usable code, explain an unusable one. A thin adapter over app/features/invitations. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { InvitationCodePage } from "~/features/invitations/InvitationCodePage";
import { loadInvitationCode } from "~/features/invitations/invitation-code.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["invitations"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadInvitationCode(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default InvitationCodePage;
