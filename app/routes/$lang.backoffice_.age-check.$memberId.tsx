/** backoffice/age-check/{memberId}: staff force or lift a member's age check (ADR 105). A thin adapter over app/features/age-verification. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { BackofficeAgeCheckPage } from "~/features/age-verification/BackofficeAgeCheckPage";
import { loadBackofficeAgeCheck, submitBackofficeAgeCheck } from "~/features/age-verification/backoffice-age-check.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["age-verification"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadBackofficeAgeCheck(args);

export const action = (args: ActionFunctionArgs) => submitBackofficeAgeCheck(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default BackofficeAgeCheckPage;
