/**
 * messenger/{username}: the conversation (30 a page, older pages by a link, a reload link), state banners, the
 * requests folder's answers, the compose form (multipart: text and up to 4 photos), thread actions and the report
 * form of a message. With JavaScript the list lives in a store (live/LiveConversation.tsx): new messages appear
 * without reload, sends are optimistic; without it, the same markup and the plain forms.
 */
import { Form, Link } from "@remix-run/react";
import type { ComponentType } from "react";
import { useTranslation } from "react-i18next";
import { IMAGE_MAX_BYTES, IMAGE_MIN_WIDTH } from "#server/contract/image-limits";
import { BLOCKING_STATES, MESSAGE_BODY_MAX, MESSAGE_PHOTOS_MAX } from "#server/contract/messenger-basics";
import { TextAreaField } from "~/components/FieldControls";
import { Picture } from "~/components/Picture";
import { deferredPart } from "~/components/ServerIsland";
import type { ContactLimitData, ConversationData, ThreadMediumsData } from "~/api/messenger.server";
import { useLang, useLocalePath } from "~/i18n/lang";
import { PhotoFilesField } from "~/components/form/PhotoFilesField";
import * as ui from "~/styles/ui.css";
import type { ConversationPaid, ConversationRefusal, MessengerDone } from "./messenger.server";
import type * as Notices from "./ConversationNotices";
import { LiveConversation, LiveMessageList, useLiveSender, useTypingSignal } from "./live/LiveConversation";
import { LiveOnlineStatus, LiveStatusLine } from "./live/LiveStatus";
import { useRealtime } from "~/features/realtime";
import * as css from "./messenger.css";
import { MessageText } from "./message-text";
import { Avatar, formatMessageTime } from "./parts";

type Message = ConversationData["messages"][number];

/** Forms a link opens (`?boost=`, `?report=`): a chunk fetched only by a page that shows one (ADR 168). */
const BoostConfirm = deferredPart("boost-confirm", async () => ({ default: (await import("./ConversationForms")).BoostConfirm }));
const ReportForm = deferredPart("report-form", async () => ({ default: (await import("./ConversationForms")).ReportForm }));
/** Parts only some visits show (a paid post, a refusal, the rule card…): one chunk a page without them never fetches (ADR 174). */
const notice = <P extends object>(id: string, part: (parts: typeof Notices) => ComponentType<P>) =>
  deferredPart(id, async () => ({ default: part(await import("./ConversationNotices")) }));
const DoneNotice = notice("conversation-done", (parts) => parts.DoneNotice);
const PaidNotice = notice("conversation-paid", (parts) => parts.PaidNotice);
const StateBanner = notice("conversation-state", (parts) => parts.StateBanner);
const RefusalNotice = notice("conversation-error", (parts) => parts.RefusalNotice);
const MediumsSection = notice("conversation-mediums", (parts) => parts.MediumsSection);
const ContactRuleCard = notice("contact-rule", (parts) => parts.ContactRuleCard);
const UpgradePrompt = notice("upgrade-prompt", (parts) => parts.UpgradePrompt);
const SendCheck = notice("send-check", (parts) => parts.SendCheck);
const ContactLimitLine = notice("contact-limit", (parts) => parts.ContactLimitLine);
const WarningBadge = notice("warning-badge", (parts) => parts.WarningBadge);

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
  /** Whether the viewer may ask the partner for a date (the loader applies the rule). */
  dateLink: boolean;
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
  dateLink,
}: ConversationPageProps) {
  // A refused report keeps its form open at the message it was about.
  const reportId = refused?.intent === "report" ? refused.reportId : askedReport;
  const { t } = useTranslation("messenger");
  const to = useLocalePath();
  const { partner, state, canSend } = conversation;
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
  const sending = useLiveSender(here, partner.username, viewerId, partner.userId);
  const typing = useTypingSignal(partner.username, conversation.threadId);
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
        {dateLink ? (
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
        {done ? <DoneNotice done={done} /> : null}
        {paid ? <PaidNotice paid={paid} /> : null}
        {state !== "normal" ? <StateBanner state={state} blocked={blocked} name={name} /> : null}
        {conversation.folder === "requests" ? (
          <div className={ui.notice} data-testid="conversation-request">
            <p>{t("messenger.request_banner", { name })}</p>
            <div className={ui.row}>
              {threadAction("accept", t("messenger.actions.accept"))}
              {threadAction("decline", t("messenger.actions.decline"))}
            </div>
          </div>
        ) : null}
        {refused && refused.otherErrors.length > 0 ? (
          <RefusalNotice errors={refused.otherErrors} insufficient={refused.insufficient} />
        ) : null}
        {boostMessage ? <BoostConfirm message={boostMessage} name={name} here={here} boostKey={boostKey} /> : null}
        {mediums ? <MediumsSection mediums={mediums} here={here} /> : null}
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
            sending={sending}
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
          <ContactRuleCard
            canSend={canSend}
            unlockOffer={unlockOffer}
            name={name}
            partnerUsername={partner.username}
            sendKey={sendKey}
            body={refused?.intent === "unlock" || refused?.intent === "send" ? refused.body : ""}
            bodyErrors={refused?.intent === "unlock" ? errorsOf("body") : []}
          />
        ) : null}
        {upgrade ? <UpgradePrompt /> : null}
        {!blocked && !firstContactClosed ? (
          <Form
            method="post"
            action={`${here}?key=${encodeURIComponent(sendKey)}`}
            encType="multipart/form-data"
            className={`${css.compose} ${ui.stack}`}
            id="compose"
            data-testid="compose"
            data-messenger-compose=""
            data-live={sending ? "ready" : undefined}
            onSubmit={sending?.submit}
            onInput={typing}
          >
            {!refused && canSend && canSend.outcome !== "success" && canSend.messageKey ? (
              <SendCheck messageKey={canSend.messageKey} />
            ) : null}
            {contactLimit ? <ContactLimitLine limit={contactLimit} /> : null}
            <TextAreaField
              id="compose-body"
              name="body"
              label={t("messenger.compose.label", { name })}
              rows={3}
              maxLength={MESSAGE_BODY_MAX}
              defaultValue={refused?.intent === "send" ? refused.body : ""}
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
