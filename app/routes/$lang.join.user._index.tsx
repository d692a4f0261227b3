/** join/user (G): the way in for individuals. A thin adapter over app/features/join. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { JoinChoosePage } from "~/features/join/JoinChoosePage";
import { JOIN_CHOICE_HEADERS, loadJoinChoice } from "~/features/join/choose.server";
import { metaFromLoader } from "~/utils/meta";

export const handle = { i18n: ["join"] };

export const loader = (args: LoaderFunctionArgs) => loadJoinChoice(args);

export const headers = () => JOIN_CHOICE_HEADERS;

export const meta = metaFromLoader();

export default JoinChoosePage;
