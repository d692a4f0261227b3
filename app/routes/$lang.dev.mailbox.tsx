/** Dev mailbox (DEV_ROUTES, off in production). A thin adapter over app/features/dev. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { DevMailboxPage } from "~/features/dev/DevMailboxPage";
import { loadDevMailbox } from "~/features/dev/mailbox.server";

export const handle = { i18n: ["dev"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadDevMailbox(args);

export const meta = () => [{ title: "Dev mailbox" }, { name: "robots", content: "noindex" }];

export default DevMailboxPage;
