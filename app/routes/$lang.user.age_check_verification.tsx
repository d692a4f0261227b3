/** user/age_check_verification: the age check (spec section 2). A thin adapter over app/features/registration. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { AgeCheckPage } from "~/features/registration/AgeCheckPage";
import { loadAgeCheck, submitAgeCheck } from "~/features/registration/age-check.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["registration"] };

export const loader = (args: LoaderFunctionArgs) => loadAgeCheck(args);

export const action = (args: ActionFunctionArgs) => submitAgeCheck(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default AgeCheckPage;
