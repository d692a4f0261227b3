/**
 * live/{id}/chat (issue 31 item 3, ADR 126): the stream's chat as a page of its own, for phones without JavaScript —
 * the lines newest last, the line and tip forms, moderation for the creator and staff, and a refresh link. Every chat
 * form (here and in the watch page's panel) posts here. A thin adapter over app/features/live-chat.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { liveChatPagePath, liveWatchPath } from "#server/contract/live-chat";
import { readReply } from "~/components/form/reply";
import { LIVE_CHAT_ANCHOR, liveChatAction, loadLiveChatPage } from "~/features/live-chat/chat-panel.server";
import { LiveChatPanel } from "~/features/live-chat/LiveChatPanel";
import { localePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["live-chat"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadLiveChatPage(args);

export const action = (args: ActionFunctionArgs) => liveChatAction(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function LiveChatRoute() {
  const { panel, title } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("live-chat");
  const failure = answer ? readReply(answer.lastResult) : null;
  return (
    <main className={ui.narrow}>
      <div className={ui.stack}>
        <p style={{ margin: 0 }}>
          <Link to={localePath(panel.lang, liveWatchPath(panel.streamId))} className={ui.linkButton} data-testid="live-chat-watch">
            {t("live_chat.page.back")}
          </Link>
        </p>
        <h1 style={{ margin: 0, fontSize: "1.3rem", overflowWrap: "anywhere" }}>{t("live_chat.page.title", { title })}</h1>
        <LiveChatPanel
          data={panel}
          back="chat"
          failure={failure}
          footer={
            <p className={ui.row} style={{ margin: 0 }}>
              <a
                href={`${localePath(panel.lang, liveChatPagePath(panel.streamId))}#${LIVE_CHAT_ANCHOR}`}
                className={ui.linkButton}
                data-testid="live-chat-refresh"
              >
                {t("live_chat.page.refresh")}
              </a>
            </p>
          }
        />
      </div>
    </main>
  );
}
