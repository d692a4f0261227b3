/** backoffice/members/{id} (issue 30 item 5, ADR 118): a member's page and the staff actions. A thin adapter over app/features/members. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { MemberPage } from "~/features/members/MemberPage";
import { loadMemberPage, submitMemberAction } from "~/features/members/members.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["members", "age-verification", "kyc"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadMemberPage(args);

export const action = (args: ActionFunctionArgs) => submitMemberAction(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default MemberPage;
