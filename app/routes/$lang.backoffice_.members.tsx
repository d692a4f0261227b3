/** backoffice/members (issue 30 item 5, ADR 118): the member search. A thin adapter over app/features/members. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { MemberSearchPage } from "~/features/members/MemberSearchPage";
import { loadMemberSearch } from "~/features/members/members.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["members"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadMemberSearch(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default MemberSearchPage;
