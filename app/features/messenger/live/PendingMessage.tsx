/**
 * A send on its way or refused, as the conversation shows it: its text, its status and, when it failed, the reason
 * with retry and discard. Only the live sender makes such messages, so this travels in its chunk (./live-send,
 * ADR 174), not in the page's own code.
 */
import { useTranslation } from "react-i18next";
import type { LiveMessage } from "~/features/realtime";
import { translateMessage } from "~/i18n/translate";
import * as ui from "~/styles/ui.css";
import * as css from "../messenger.css";
import type { Sender } from "./sender";
import type { LiveWireMessage } from "./wire";

export function PendingMessage({ message, sender }: { message: LiveMessage<LiveWireMessage>; sender: Sender }) {
  const { t } = useTranslation("messenger");
  const { t: tErrors } = useTranslation();
  const key = message.clientKey!;
  return (
    <li
      className={`${css.bubble} ${css.bubbleMine} ${message.status === "fail" ? css.bubbleFailed : ""}`}
      data-testid="message"
      data-mine="1"
      data-status={message.status}
    >
      {message.text ? <span>{message.text}</span> : null}
      <span className={css.meta}>
        <span data-testid="message-status">{t(`messenger.live.status.${message.status}`)}</span>
      </span>
      {message.status === "fail" ? (
        <span className={css.failure}>
          <span role="alert">
            {message.error ? (message.error.startsWith("messenger.") ? t(message.error) : translateMessage(tErrors, message.error)) : ""}
          </span>
          <span className={ui.row}>
            <button type="button" className={ui.buttonSecondary} onClick={() => sender.retry(key)} data-testid="message-retry">
              {t("messenger.live.retry")}
            </button>
            <button type="button" className={ui.buttonSecondary} onClick={() => sender.discard(key)}>
              {t("messenger.live.discard")}
            </button>
          </span>
        </span>
      ) : null}
    </li>
  );
}
