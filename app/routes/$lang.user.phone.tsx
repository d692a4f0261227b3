/** user/phone: verify a phone number by SMS (spec sections 5 and 9). A thin adapter over app/features/account. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PhonePage } from "~/features/account/PhonePage";
import { loadPhone, submitPhone } from "~/features/account/phone.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["account"] };

export const loader = (args: LoaderFunctionArgs) => loadPhone(args);

export const action = (args: ActionFunctionArgs) => submitPhone(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default PhonePage;
