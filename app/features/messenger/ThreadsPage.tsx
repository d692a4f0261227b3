/**
 * messenger: the member's threads (20 a page), folders inbox, requests and hidden, a field to start a new one. With
 * JavaScript the list reloads in place on the socket's hints (live/LiveThreads.tsx).
 */
import { useFormAction } from "@remix-run/react";
import { ChromeLink } from "~/components/chrome-link";
import { PlainForm } from "~/components/plain-form";
import { useTranslation } from "react-i18next";
import { THREAD_FOLDERS, type ThreadFolder } from "#server/contract/thread-folders";
import type { ThreadListData } from "~/api/messenger.server";
import { useLang, useLocalePath } from "~/i18n/lang";
import { translateMessage } from "~/i18n/translate";
import * as ui from "~/styles/ui.css";
import { allErrors, type FormReply } from "~/components/form/reply";
import type { MessengerDone } from "./messenger.server";
import { LiveOnlineStatus, LiveStatusLine } from "./live/LiveStatus";
import { LiveThreads } from "./live/LiveThreads";
import * as css from "./messenger.css";
import { Avatar, formatMessageTime } from "./parts";
import { useRealtime } from "~/features/realtime";
import { PageLinks } from "~/components/PageLinks";

type Thread = ThreadListData["items"][number];

export function ThreadsPage({
  viewerId,
  list,
  done,
  refused,
  q,
  matches,
}: {
  viewerId: number;
  list: ThreadListData;
  done: MessengerDone | null;
  /** A refused thread action's reply: its errors above the list. */
  refused: FormReply | null;
  q: string;
  matches: Array<{ username: string; displayName: string }>;
}) {
  const { t } = useTranslation("messenger");
  const { t: tErrors } = useTranslation();
  const to = useLocalePath();
  const folderPath = (folder: ThreadFolder, page = 1) => {
    const query = new URLSearchParams({
      ...(folder === "inbox" ? {} : { folder }),
      ...(page > 1 ? { page: String(page) } : {}),
    }).toString();
    return `${to("messenger")}${query ? `?${query}` : ""}`;
  };
  const counts: Record<ThreadFolder, number> = {
    inbox: list.counts.unreadThreads,
    requests: list.counts.requests,
    hidden: list.counts.hidden,
  };
  const pages = Math.max(1, Math.ceil(list.total / list.pageSize));
  const members = list.items.flatMap((thread) => (thread.partner.userId !== null ? [thread.partner.userId] : []));
  // Every form here posts to (or searches) this page: its action resolved once, not by each of the entries' forms.
  const formAction = useFormAction();
  return (
    <LiveThreads viewerId={viewerId} members={members}>
      {/* The marker tells the site-wide connector (public/scripts/realtime.js) that this page holds the socket. */}
      <main className={ui.narrow} data-realtime-owner="">
        <div className={ui.stack}>
          <h1>{t("messenger.title")}</h1>
          {done ? (
            <p className={ui.notice} role="status" data-testid="messenger-done">
              {t(`messenger.done.${done}`)}
            </p>
          ) : null}
          {refused ? (
            <p className={ui.alert} role="alert">
              {allErrors(refused)
                .map((key) => translateMessage(tErrors, key))
                .join(" ")}
            </p>
          ) : null}
          <PlainForm method="get" action={formAction} className={ui.stack} role="search">
            <label className={ui.field}>
              <span className={ui.label}>{t("messenger.new.label")}</span>
              <span className={ui.row}>
                <input
                  className={`${ui.input} ${css.newMessageInput}`}
                  type="search"
                  name="q"
                  defaultValue={q}
                  maxLength={40}
                  autoComplete="off"
                  data-testid="messenger-new"
                />
                <button className={ui.buttonSecondary} type="submit">
                  {t("messenger.new.find")}
                </button>
              </span>
            </label>
            {q ? (
              matches.length > 0 ? (
                <ul className={ui.plainList} data-testid="messenger-matches">
                  {matches.map((match) => (
                    <li key={match.username}>
                      <ChromeLink className={css.tapLink} to={to(`messenger/${match.username}`)}>
                        {t("messenger.new.write_to", { name: match.displayName })}
                      </ChromeLink>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className={ui.muted}>{t("messenger.new.none")}</p>
              )
            ) : null}
          </PlainForm>
          <nav aria-label={t("messenger.folders_label")}>
            <ul className={`${ui.tabBar} ${css.folderTabs}`}>
              {THREAD_FOLDERS.map((folder) => (
                <li key={folder}>
                  <ChromeLink
                    className={ui.tab}
                    to={folderPath(folder)}
                    aria-current={folder === list.folder ? "page" : undefined}
                    data-testid={`messenger-folder-${folder}`}
                  >
                    {t(`messenger.folders.${folder}`)}
                    {counts[folder] > 0 ? (
                      <span className={css.badge} style={{ marginLeft: "0.4em" }}>
                        {counts[folder]}
                      </span>
                    ) : null}
                  </ChromeLink>
                </li>
              ))}
            </ul>
          </nav>
          <LiveStatusLine />
          {list.folder === "requests" ? <p className={ui.muted}>{t("messenger.requests_intro")}</p> : null}
          {list.items.length === 0 ? (
            <p className={ui.muted} data-testid="messenger-empty">
              {t(`messenger.empty.${list.folder}`)}
            </p>
          ) : (
            <ul className={css.threadList} data-testid="messenger-threads" data-messenger-threads={list.folder}>
              {list.items.map((thread) => (
                <ThreadEntry key={thread.threadId} thread={thread} folder={list.folder} formAction={formAction} />
              ))}
            </ul>
          )}
          <PageLinks page={list.page} pages={pages} hrefOf={(p) => folderPath(list.folder, p)} />
        </div>
      </main>
    </LiveThreads>
  );
}

function ThreadEntry({ thread, folder, formAction }: { thread: Thread; folder: ThreadFolder; formAction: string }) {
  const { t } = useTranslation("messenger");
  const lang = useLang();
  const to = useLocalePath();
  const name = thread.partner.displayName || t("messenger.deleted_member");
  const last = thread.lastMessage;
  const partnerId = thread.partner.userId;
  const typing = useRealtime((state) => partnerId !== null && state.typing[partnerId] !== undefined);
  const preview = !last
    ? ""
    : last.actionType === 2
      ? t("messenger.no_thanks_message")
      : last.preview || (last.photoCount > 0 ? t("messenger.photos_count", { count: last.photoCount }) : "");
  const action = (intent: string, label: string) => (
    <PlainForm method="post" action={formAction} key={intent}>
      <input type="hidden" name="thread_id" value={thread.threadId} />
      <input type="hidden" name="folder" value={folder} />
      <button className={ui.buttonSecondary} type="submit" name="intent" value={intent} data-testid={`thread-${intent}`}>
        {label}
      </button>
    </PlainForm>
  );
  // Straight to the newest messages and the compose box: without JavaScript nothing else scrolls there.
  const link = thread.partner.username ? `${to(`messenger/${thread.partner.username}`)}#compose` : null;
  const body = (
    <>
      <span className={css.name}>{name}</span>
      {thread.state !== "normal" ? (
        <span className={css.status}>{t(`messenger.state.${thread.state}`)}</span>
      ) : (
        <LiveOnlineStatus partnerId={thread.partner.userId} initial={thread.partner.onlineStatus} />
      )}
      <span className={css.preview}>
        {typing ? (
          t("messenger.live.typing_short")
        ) : (
          <>
            {last?.mine ? `${t("messenger.you")}: ` : ""}
            {preview}
          </>
        )}
      </span>
    </>
  );
  return (
    <li
      className={`${css.thread} ${thread.unreadCount > 0 ? css.threadUnread : ""}`}
      data-testid="thread"
      data-username={thread.partner.username}
      data-thread-id={thread.threadId}
    >
      <Avatar image={thread.partner.avatar} name={name} />
      <div className={css.threadMain}>
        {link ? (
          <ChromeLink className={css.threadLink} to={link}>
            {body}
          </ChromeLink>
        ) : (
          <div className={css.threadLink}>{body}</div>
        )}
      </div>
      <div className={css.side}>
        {last ? <time dateTime={new Date(last.createdAt).toISOString()}>{formatMessageTime(last.createdAt, lang)}</time> : null}
        {thread.unreadCount > 0 ? (
          <span className={css.badge} aria-label={t("messenger.unread_label", { count: thread.unreadCount })} data-testid="thread-unread">
            {thread.unreadCount}
          </span>
        ) : null}
      </div>
      <details className={css.actions}>
        <summary className={css.actionSummary}>{t("messenger.actions.summary")}</summary>
        <div className={ui.row}>
          {folder === "requests"
            ? [action("accept", t("messenger.actions.accept")), action("decline", t("messenger.actions.decline"))]
            : null}
          {thread.unreadCount > 0 ? action("read", t("messenger.actions.read")) : action("unread", t("messenger.actions.unread"))}
          {folder === "hidden" ? action("restore", t("messenger.actions.restore")) : action("hide", t("messenger.actions.hide"))}
          {action("delete", t("messenger.actions.delete"))}
        </div>
      </details>
    </li>
  );
}
