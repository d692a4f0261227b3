/** user/friends, the page: three tabs (friends, requests received, requests sent), each entry with its forms. */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FRIEND_LIST_TYPES, type FriendListType } from "#server/contract/friends";
import type { FriendListData } from "~/api/friends.server";
import { useLang, useLocalePath } from "~/i18n/lang";
import { translateMessage } from "~/i18n/translate";
import * as ui from "~/styles/ui.css";
import { formatCalendarDate, homeDayOf } from "~/utils/dates";
import { allErrors, inputText, type FormReply } from "~/components/form/reply";
import * as css from "./friends.css";
import { PageLinks } from "~/components/PageLinks";

type Item = FriendListData["items"][number];

/** A refused answer: the entry it was about (its link id) and its messages. */
interface Refusal {
  linkId: number;
  errors: string[];
}

export function FriendsPage({ list, done, reply }: { list: FriendListData; done: string | null; reply: FormReply | null }) {
  const refused: Refusal | null = reply ? { linkId: Number(inputText(reply, "link_id")), errors: allErrors(reply) } : null;
  const { t } = useTranslation("friends");
  // Error keys (exception.*, validation.*) live in the default namespace.
  const { t: tErrors } = useTranslation();
  const to = useLocalePath();
  const tabPath = (tab: FriendListType, page = 1) => {
    const query = new URLSearchParams({ ...(tab === "friends" ? {} : { tab }), ...(page > 1 ? { page: String(page) } : {}) }).toString();
    return `${to("user/friends")}${query ? `?${query}` : ""}`;
  };
  const pages = Math.max(1, Math.ceil(list.total / list.pageSize));
  // A refusal shows at its entry; one whose entry is gone (answered meanwhile) shows above the list.
  return (
    <main className={ui.narrow}>
      <div className={ui.stack}>
        <h1>{t("friends.title")}</h1>
        <p className={ui.muted}>{t("friends.page.intro", { max: list.limits.friendsMax })}</p>
        {done ? (
          <p className={ui.notice} role="status" data-testid="friends-done">
            {t(`friends.page.done.${done}`)}
          </p>
        ) : null}
        {refused && !list.items.some((item) => item.linkId === refused.linkId) ? (
          <p className={ui.alert} role="alert">
            {refused.errors.map((key) => translateMessage(tErrors, key)).join(" ")}
          </p>
        ) : null}
        <nav aria-label={t("friends.page.tabs_label")}>
          <ul className={css.tabs}>
            {FRIEND_LIST_TYPES.map((tab) => (
              <li key={tab}>
                <Link
                  to={tabPath(tab)}
                  className={css.tab}
                  aria-current={tab === list.type ? "page" : undefined}
                  data-testid={`friends-tab-${tab}`}
                >
                  {t(`friends.page.tabs.${tab}`)} <span className={css.count}>{list.counts[tab]}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {list.items.length === 0 ? (
          <p className={css.empty} data-testid="friends-empty">
            {t(`friends.page.empty.${list.type}`)}
          </p>
        ) : (
          <ul className={css.list} data-testid="friends-list">
            {list.items.map((item) => (
              <FriendEntry key={item.linkId} item={item} type={list.type} refused={refused?.linkId === item.linkId ? refused : null} />
            ))}
          </ul>
        )}
        <PageLinks page={list.page} pages={pages} hrefOf={(p) => tabPath(list.type, p)} />
      </div>
    </main>
  );
}

function FriendEntry({ item, type, refused }: { item: Item; type: FriendListType; refused: Refusal | null }) {
  const { t } = useTranslation("friends");
  // Error keys (exception.*, validation.*) live in the default namespace.
  const { t: tErrors } = useTranslation();
  const lang = useLang();
  const to = useLocalePath();
  const date = formatCalendarDate(homeDayOf(item.since), lang);
  // One form per answer: the link, the tab to come back to, the key this answer needs (unfriend needs none).
  const answer = (intent: "accept" | "reject" | "cancel" | "unfriend", label: string, key: string | null, primary = false) => (
    <Form method="post">
      <input type="hidden" name="link_id" value={item.linkId} />
      <input type="hidden" name="tab" value={type} />
      {intent === "unfriend" ? null : <input type="hidden" name="key" value={key ?? ""} />}
      <button type="submit" name="intent" value={intent} className={primary ? ui.button : ui.buttonSecondary}>
        {label}
      </button>
    </Form>
  );
  return (
    <li className={css.item} data-testid="friend-entry" data-username={item.username}>
      <div className={css.who}>
        <Link to={to(`p/${item.username}`)} className={css.name}>
          {item.displayName}
        </Link>
        {item.cityName ? <span className={ui.muted}>{item.cityName}</span> : null}
      </div>
      <p className={ui.muted}>{t(`friends.page.since.${type}`, { date })}</p>
      {refused ? (
        <p className={ui.alert} role="alert">
          {refused.errors.map((key) => translateMessage(tErrors, key)).join(" ")}
        </p>
      ) : null}
      <div className={ui.row}>
        {type === "received" ? (
          <>
            {answer("accept", t("friends.profile.accept"), item.acceptKey, true)}
            {answer("reject", t("friends.profile.reject"), item.denyKey)}
          </>
        ) : null}
        {type === "sent" ? answer("cancel", t("friends.profile.cancel"), item.denyKey) : null}
        {type === "friends" ? answer("unfriend", t("friends.profile.unfriend"), null) : null}
      </div>
    </li>
  );
}
