/** invites/{code}: a person claims the profile prepared for them. A thin adapter over app/features/invitations. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { ClaimPage } from "~/features/invitations/ClaimPage";
import { CLAIM_HEADERS, loadClaim, submitClaim } from "~/features/invitations/claim.server";
import { metaFromLoader } from "~/utils/meta";

export const handle = { i18n: ["invitations"] };

export const loader = (args: LoaderFunctionArgs) => loadClaim(args);

export const action = (args: ActionFunctionArgs) => submitClaim(args);

export const headers = () => CLAIM_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default ClaimPage;
