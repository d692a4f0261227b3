/**
 * messenger/{username}: the conversation (30 a page, older pages by a link, a reload link), state banners, the
 * requests folder's answers, the compose form (multipart: text and up to 4 photos), thread actions and the report
 * form of a message. With JavaScript the list lives in a store (live/LiveConversation.tsx): new messages appear
 * without reload, sends are optimistic; without it, the same markup and the plain forms.
 */
import { checkoutPath } from "#server/contract/checkout-path";
import { usePriceText } from "~/utils/money";
import { Form, Link, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DATE_RECEIVER_TYPES, DATE_SENDER_TYPES } from "#server/contract/date-users";
import { IMAGE_MAX_BYTES, IMAGE_MIN_WIDTH } from "#server/contract/media-upload";
import { BLOCKING_STATES, MESSAGE_BODY_MAX, MESSAGE_PHOTOS_MAX } from "#server/contract/messenger-basics";
import { TextAreaField } from "~/components/FieldControls";
import { Picture } from "~/components/Picture";
import { deferredPart } from "~/components/ServerIsland";
import { WarningBadge } from "~/features/warnings/WarningBadge";
import type { ContactLimitData, ConversationData, ThreadMediumsData } from "~/api/messenger.server";
import { formatHomeMoment } from "~/utils/dates";
import { useLang, useLocalePath } from "~/i18n/lang";
import { translateMessage } from "~/i18n/translate";
import { PhotoFilesField } from "~/components/form/PhotoFilesField";
import * as ui from "~/styles/ui.css";
import type { loader as layoutLoader } from "~/routes/$lang";
import { errorsBesides, inputText, type FormReply } from "~/components/form/reply";
import { parseRowId } from "#server/contract/row-id";
import type { ConversationPaid, MessengerDone } from "./messenger.server";
import { LiveConversation, LiveMessageList, useComposeSubmit, useLiveSender } from "./live/LiveConversation";
import { LiveOnlineStatus, LiveStatusLine } from "./live/LiveStatus";
import { useRealtime } from "~/features/realtime";
import * as css from "./messenger.css";
import { MessageText } from "./message-text";
import { Avatar, formatMessageTime } from "./parts";

type Message = ConversationData["messages"][number];

/** Forms a link opens (`?boost=`, `?report=`): a chunk fetched only by a page that shows one (ADR 168). */
const BoostConfirm = deferredPart("boost-confirm", async () => ({ default: (await import("./ConversationForms")).BoostConfirm }));
const ReportForm = deferredPart("report-form", async () => ({ default: (await import("./ConversationForms")).ReportForm }));

/**
 * A refused post of this page: its reply, whether plus would have let the message through, and whether the wallet
 * did not cover a payment (ADR 083: the page links to buying dollars).
 */
export type ConversationRefusal = FormReply & { upgrade: boolean; insufficient: boolean };

/** The fields the page's forms show their errors at (the compose form's and the report form's). */
const SHOWN_FIELDS = ["body", "files", "type", "text", "good_faith"];

interface ConversationPageProps {
  viewerId: number;
  conversation: ConversationData;
  before: number | null;
  done: MessengerDone | null;
  refused: ConversationRefusal | null;
  mediums: ThreadMediumsData["items"] | null;
  reportId: number | null;
  /** The compose form's client key (ADR 048): a double submit without JavaScript stores one message. */
  sendKey: string;
  /** What a paid post did (the first-contact unlock, a boost): the price paid and the balance after it. */
  paid: ConversationPaid | null;
  /** The own message whose boost the page asks to confirm (`?boost=`), and the confirmation's money key. */
  boostId: number | null;
  boostKey: string;
  /** The escorts' warning list (ADR 121): the discreet badge, for an escort writing with a flagged client. */
  warned: boolean;
  /** Before a first message: the first contacts left today and when the next frees (GET /user/contact-limit). */
  contactLimit?: ContactLimitData | null;
}

export function ConversationPage(props: ConversationPageProps) {
  const { conversation, before, viewerId } = props;
  const to = useLocalePath();
  return (
    <LiveConversation
      here={to(`messenger/${conversation.partner.username}`)}
      viewerId={viewerId}
      partner={conversation.partner}
      threadId={conversation.threadId}
      messages={conversation.messages}
      live={before === null && conversation.partner.username !== ""}
    >
      <ConversationBody {...props} />
    </LiveConversation>
  );
}

function ConversationBody({
  viewerId,
  conversation,
  before,
  done,
  refused,
  mediums,
  reportId: askedReport,
  sendKey,
  paid,
  boostId,
  boostKey,
  warned,
  contactLimit = null,
}: ConversationPageProps) {
  // A refused report keeps its form open at the message it was about.
  const reportId = refused?.intent === "report" ? parseRowId(inputText(refused, "message_id")) : askedReport;
  const { t } = useTranslation("messenger");
  const { t: tErrors } = useTranslation();
  const to = useLocalePath();
  const lang = useLang();
  const { partner, state, canSend } = conversation;
  const viewerType = useRouteLoaderData<typeof layoutLoader>("routes/$lang")?.viewer?.profile.userType;
  const name = partner.displayName || t("messenger.deleted_member");
  const here = to(`messenger/${partner.username}`);
  const blocked = (BLOCKING_STATES as readonly string[]).includes(state);
  const upgrade = refused?.intent === "send" ? refused.upgrade : (canSend?.upgrade ?? false);
  // A first message the contact rules refuse now (a new or hot escort, a full day, …): no form that cannot succeed,
  // the reason and what instead (the date link above, the profile's favorite, plus) in its place (ADR 068).
  const firstContactClosed = !blocked && canSend !== null && canSend.firstContact && canSend.outcome !== "success";
  // Past the day's first contacts the rule card offers the first-contact unlock in place (ADR 083).
  const unlockOffer =
    firstContactClosed && canSend.outcome === "first_contact_limit" && canSend.dollarOffer?.payable ? canSend.dollarOffer : null;
  const price = usePriceText();
  const boostMessage =
    boostId !== null ? conversation.messages.find((message) => message.id === boostId && message.mine && !message.boosted) : undefined;
  const errorsOf = (field: string) => refused?.fieldErrors[field] ?? [];
  const oldest = conversation.messages[0];
  const threadAction = (intent: string, label: string) => (
    <Form method="post" key={intent}>
      <input type="hidden" name="thread_id" value={conversation.threadId ?? ""} />
      <button className={ui.buttonSecondary} type="submit" name="intent" value={intent} data-testid={`conversation-${intent}`}>
        {label}
      </button>
    </Form>
  );
  const partnerWrote = conversation.messages.some((message) => !message.mine);
  const reportMessage = reportId !== null ? conversation.messages.find((message) => message.id === reportId && !message.mine) : undefined;
  const live = before === null && partner.username !== "";
  // What the store holds (the page's messages, then live ones and pending sends).
  const shown = useRealtime((state) => state.messages[partner.username]?.length ?? 0);
  const sender = useLiveSender(here, partner.username, viewerId, partner.userId);
  const compose = useComposeSubmit(sender, partner.username, conversation.threadId);
  return (
    // The marker tells the site-wide connector (public/scripts/realtime.js) that this page holds the socket.
    <main className={ui.narrow} data-realtime-owner={live ? "" : undefined}>
      <div className={ui.stack}>
        <p>
          <Link className={css.tapLink} to={to("messenger")}>
            ← {t("messenger.back")}
          </Link>
        </p>
        <div className={css.head}>
          <Avatar image={partner.avatar} name={name} />
          <div className={css.threadMain}>
            <h1 className={css.name} style={{ fontSize: "1.25rem", margin: 0 }}>
              {partner.username && !blocked ? (
                <Link to={to(`p/${partner.username}`)} className={css.nameLink}>
                  {name}
                </Link>
              ) : (
                name
              )}
            </h1>
            <LiveOnlineStatus partnerId={partner.userId} initial={partner.onlineStatus} />
          </div>
        </div>
        {warned ? <WarningBadge /> : null}
        {partner.username &&
        !blocked &&
        viewerType !== undefined &&
        DATE_SENDER_TYPES.includes(viewerType) &&
        DATE_RECEIVER_TYPES.includes(partner.userType) ? (
          <p>
            <Link
              className={ui.buttonSecondary}
              to={to(`my_date/new/${partner.username}`)}
              rel="nofollow"
              data-testid="messenger-date-link"
            >
              {t("messenger.date_request")}
            </Link>
          </p>
        ) : null}
        {done ? (
          <p className={ui.notice} role="status" data-testid="conversation-done">
            {t(`messenger.done.${done}`)}
          </p>
        ) : null}
        {paid ? (
          <p className={ui.notice} role="status" data-testid="conversation-paid" data-paid={paid.what}>
            {paid.what === "already_boosted"
              ? t("messenger.paid.already_boosted")
              : t(`messenger.paid.${paid.what}`, {
                  price: price({ amount: paid.amount, currency: "dollar" }),
                  balance: price({ amount: paid.balance ?? 0, currency: "dollar" }),
                })}
          </p>
        ) : null}
        {state !== "normal" ? (
          <p className={blocked ? ui.alert : ui.notice} role="status" data-testid="conversation-state" data-state={state}>
            {t(`messenger.state_banner.${state}`, { name })}
          </p>
        ) : null}
        {conversation.folder === "requests" ? (
          <div className={ui.notice} data-testid="conversation-request">
            <p>{t("messenger.request_banner", { name })}</p>
            <div className={ui.row}>
              {threadAction("accept", t("messenger.actions.accept"))}
              {threadAction("decline", t("messenger.actions.decline"))}
            </div>
          </div>
        ) : null}
        {refused && errorsBesides(refused, SHOWN_FIELDS).length > 0 ? (
          <div className={`${ui.alert} ${ui.stack}`} role="alert" data-testid="conversation-error">
            <p style={{ margin: 0 }}>
              {errorsBesides(refused, SHOWN_FIELDS)
                .map((key) => translateMessage(tErrors, key))
                .join(" ")}
            </p>
            {refused.insufficient ? (
              <p style={{ margin: 0 }}>
                <Link className={ui.button} to={checkoutPath(lang, "dollar")} data-testid="buy-dollars">
                  {t("messenger.paid.buy_dollars")}
                </Link>
              </p>
            ) : null}
          </div>
        ) : null}
        {boostMessage ? <BoostConfirm message={boostMessage} name={name} here={here} boostKey={boostKey} /> : null}
        {mediums ? (
          <section className={ui.stack} aria-labelledby="mediums-title">
            <h2 id="mediums-title" className={ui.sectionTitle}>
              {t("messenger.mediums.title")}
            </h2>
            {mediums.length === 0 ? <p className={ui.muted}>{t("messenger.mediums.empty")}</p> : null}
            <ul className={css.mediums} data-testid="mediums">
              {mediums.map((item) => (
                <li key={item.id}>
                  <Picture
                    image={item.image}
                    alt=""
                    sizes="120px"
                    width={item.image.width}
                    height={item.image.height}
                    className={css.photo}
                  />
                </li>
              ))}
            </ul>
            <Link className={css.tapLink} to={here}>
              {t("messenger.mediums.close")}
            </Link>
          </section>
        ) : null}
        <div className={ui.row}>
          {conversation.hasOlder && oldest ? (
            <Link className={ui.buttonSecondary} to={`${here}?before=${oldest.id}`} rel="prev" data-testid="conversation-older">
              {t("messenger.older")}
            </Link>
          ) : null}
          {before !== null ? (
            <Link className={ui.buttonSecondary} to={here}>
              {t("messenger.newest")}
            </Link>
          ) : null}
        </div>
        {shown === 0 ? (
          <p className={ui.muted} data-testid="conversation-empty">
            {t(blocked || firstContactClosed ? "messenger.empty_conversation_blocked" : "messenger.empty_conversation", { name })}
          </p>
        ) : null}
        <ol
          className={css.messages}
          data-testid="messages"
          data-messenger-thread={conversation.threadId ?? ""}
          data-messenger-partner={partner.username}
          data-last-id={conversation.lastId}
        >
          <LiveMessageList
            thread={partner.username}
            renderStored={(message) => <MessageItem key={message.id} message={message} here={here} canBoost={live && !blocked} />}
            onRetry={(key) => sender?.retry(key)}
            onDiscard={(key) => sender?.discard(key)}
          />
        </ol>
        {live ? <LiveStatusLine partnerId={partner.userId} name={name} /> : null}
        <p>
          <Link className={css.tapLink} to={`${here}#compose`} reloadDocument data-testid="conversation-reload">
            ↻ {t("messenger.reload")}
          </Link>
        </p>
        {reportMessage ? <ReportForm messageId={reportMessage.id} name={name} here={here} errors={refused?.fieldErrors ?? {}} /> : null}
        {firstContactClosed ? (
          <div className={`${ui.card} ${ui.stack}`} data-testid="contact-rule" data-rule={canSend.outcome}>
            {canSend.messageKey ? <p className={css.ruleText}>{translateMessage(tErrors, canSend.messageKey)}</p> : null}
            {unlockOffer ? (
              <Form method="post" className={ui.stack} data-testid="unlock-form">
                <p style={{ margin: 0 }} data-testid="unlock-price">
                  {t("messenger.unlock.explain", { price: price({ amount: unlockOffer.price, currency: unlockOffer.currency }) })}
                </p>
                <TextAreaField
                  id="unlock-body"
                  name="body"
                  label={t("messenger.compose.label", { name })}
                  rows={3}
                  maxLength={MESSAGE_BODY_MAX}
                  defaultValue={refused?.intent === "unlock" || refused?.intent === "send" ? inputText(refused, "body") : ""}
                  errors={refused?.intent === "unlock" ? errorsOf("body") : []}
                  className={`${ui.input} ${css.textarea}`}
                />
                {/* The send's client key: the payment's key derives from it, so a repeated post pays and sends once. */}
                <input type="hidden" name="key" value={sendKey} />
                <p style={{ margin: 0 }}>
                  <button className={ui.button} type="submit" name="intent" value="unlock" data-testid="unlock-submit">
                    {t("messenger.unlock.submit", { price: price({ amount: unlockOffer.price, currency: unlockOffer.currency }) })}
                  </button>
                </p>
              </Form>
            ) : null}
            {partner.username ? (
              <p style={{ margin: 0 }}>
                <Link className={css.tapLink} to={to(`p/${partner.username}`)} data-testid="contact-rule-profile">
                  {tErrors("contact_rules.profile_link")}
                </Link>
              </p>
            ) : null}
          </div>
        ) : null}
        {upgrade ? (
          <div className={css.upgrade} data-testid="upgrade-prompt">
            <strong>{t("messenger.upgrade.title")}</strong>
            <p style={{ margin: 0 }}>{t("messenger.upgrade.text")}</p>
            <Link className={ui.button} to={checkoutPath(lang, "membership")}>
              {t("messenger.upgrade.link")}
            </Link>
          </div>
        ) : null}
        {!blocked && !firstContactClosed ? (
          <Form
            method="post"
            action={`${here}?key=${encodeURIComponent(sendKey)}`}
            encType="multipart/form-data"
            className={`${css.compose} ${ui.stack}`}
            id="compose"
            data-testid="compose"
            data-messenger-compose=""
            data-live={sender ? "ready" : undefined}
            onSubmit={compose.onSubmit}
            onInput={compose.onInput}
          >
            {!refused && canSend && canSend.outcome !== "success" && canSend.messageKey ? (
              <p className={ui.alert} role="status" data-testid="send-check">
                {translateMessage(tErrors, canSend.messageKey)}
              </p>
            ) : null}
            {contactLimit ? <ContactLimitLine limit={contactLimit} /> : null}
            <TextAreaField
              id="compose-body"
              name="body"
              label={t("messenger.compose.label", { name })}
              rows={3}
              maxLength={MESSAGE_BODY_MAX}
              defaultValue={refused?.intent === "send" ? inputText(refused, "body") : ""}
              errors={errorsOf("body")}
              className={`${ui.input} ${css.textarea}`}
            />
            <PhotoFilesField
              label={t("messenger.compose.photos", { max: MESSAGE_PHOTOS_MAX })}
              hint={t("messenger.compose.photos_hint", { width: IMAGE_MIN_WIDTH, mb: IMAGE_MAX_BYTES / 1_000_000 })}
              required={false}
              errors={errorsOf("files")}
            />
            <p>
              <button className={ui.button} type="submit" data-testid="compose-send">
                {t("messenger.compose.send")}
              </button>
            </p>
          </Form>
        ) : null}
        {conversation.threadId !== null ? (
          <details data-testid="conversation-actions">
            <summary className={css.actionSummary}>{t("messenger.actions.summary")}</summary>
            <div className={ui.row}>
              {partnerWrote && state === "normal" ? (
                <Form method="post">
                  <button className={ui.buttonSecondary} type="submit" name="intent" value="no_thanks" data-testid="conversation-no_thanks">
                    {t("messenger.actions.no_thanks")}
                  </button>
                </Form>
              ) : null}
              {threadAction("unread", t("messenger.actions.unread"))}
              {conversation.folder === "hidden"
                ? threadAction("restore", t("messenger.actions.restore"))
                : threadAction("hide", t("messenger.actions.hide"))}
              {/* Deleting for oneself cannot be undone: without JavaScript, a second step asks first. */}
              <details className={css.confirmBox} data-testid="conversation-delete-step">
                <summary className={ui.buttonSecondary}>{t("messenger.actions.delete")}</summary>
                <p>{t("messenger.actions.delete_confirm_text", { name })}</p>
                {threadAction("delete", t("messenger.actions.delete_confirm"))}
              </details>
              <Link className={ui.buttonSecondary} to={`${here}?view=photos`} data-testid="conversation-mediums">
                {t("messenger.mediums.link")}
              </Link>
            </div>
            <p className={ui.muted}>{t("messenger.actions.no_thanks_hint")}</p>
          </details>
        ) : null}
      </div>
    </main>
  );
}

function MessageItem({ message, here, canBoost }: { message: Message; here: string; canBoost: boolean }) {
  const { t } = useTranslation("messenger");
  const lang = useLang();
  return (
    <li
      className={`${css.bubble} ${message.mine ? css.bubbleMine : ""}`}
      data-testid="message"
      data-message-id={message.id}
      data-mine={message.mine ? "1" : "0"}
      data-status={message.mine ? "success" : undefined}
    >
      {message.actionType === 2 ? (
        <span className={css.noThanks}>{t(message.mine ? "messenger.no_thanks_sent" : "messenger.no_thanks_received")}</span>
      ) : (
        <MessageText body={message.body} />
      )}
      {message.photos.length > 0 ? (
        <span className={css.photos}>
          {message.photos.map((photo) => (
            <Picture
              key={photo.id}
              image={photo.image}
              alt={t("messenger.photo_alt")}
              sizes="(min-width: 600px) 240px, 40vw"
              width={photo.image.width}
              height={photo.image.height}
              className={css.photo}
            />
          ))}
        </span>
      ) : null}
      <span className={css.meta}>
        <time dateTime={new Date(message.createdAt).toISOString()}>{formatMessageTime(message.createdAt, lang)}</time>
        {message.mine ? <span>{message.read ? t("messenger.read") : t("messenger.delivered")}</span> : null}
        {message.boosted ? (
          <span className={css.boosted} data-testid="message-boosted">
            ★ {t("messenger.boost.marked")}
          </span>
        ) : message.mine && message.actionType === 0 && canBoost ? (
          <Link className={css.metaLink} to={`${here}?boost=${message.id}#boost`} rel="nofollow" data-testid="message-boost">
            {t("messenger.boost.link")}
          </Link>
        ) : null}
        {!message.mine ? (
          <Link className={css.metaLink} to={`${here}?report=${message.id}#report`} rel="nofollow" data-testid="message-report">
            {t("messenger.report.link")}
          </Link>
        ) : null}
      </span>
    </li>
  );
}

/** "2 of 3 first contacts left today · the next one frees on 6 Dec 2026, 14:05": one short line above the compose field. */
function ContactLimitLine({ limit }: { limit: ContactLimitData }) {
  const { t } = useTranslation("messenger");
  const lang = useLang();
  const counts = t("messenger.contact_limit.left", { left: limit.left, limit: limit.limit });
  const next =
    limit.nextFreeAt !== null && limit.left < limit.limit
      ? t("messenger.contact_limit.next", { at: formatHomeMoment(limit.nextFreeAt, lang) })
      : "";
  return (
    <p className={ui.muted} style={{ margin: 0 }} data-testid="contact-limit">
      {next ? `${counts} · ${next}` : counts}
    </p>
  );
}
