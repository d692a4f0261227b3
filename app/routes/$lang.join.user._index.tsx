/** join/user (G): the way in for individuals. A thin adapter over app/features/registration. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { RegistrationChoosePage } from "~/features/registration/RegistrationChoosePage";
import { JOIN_CHOICE_HEADERS, loadJoinChoice } from "~/features/registration/choose.server";
import { metaFromLoader } from "~/utils/meta";

export const handle = { i18n: ["registration"] };

export const loader = (args: LoaderFunctionArgs) => loadJoinChoice(args);

export const headers = () => JOIN_CHOICE_HEADERS;

export const meta = metaFromLoader();

export default RegistrationChoosePage;
