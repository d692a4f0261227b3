/**
 * The live status parts both messenger pages show (issue 12, ADR 052): the other member's presence and the line under
 * the messages. A module of their own, so the thread list carries none of the conversation's store and sender
 * (ADR 155).
 */
import { useTranslation } from "react-i18next";
import type { OnlineStatus as OnlineStatusCode } from "#server/contract/online-status";
import { useRealtime } from "~/features/realtime";
import * as css from "../messenger.css";
import { OnlineStatus } from "../parts";

/** The other member's status: live presence once the socket told it, the page's value before. */
export function LiveOnlineStatus({ partnerId, initial }: { partnerId: number | null; initial: number }) {
  const live = useRealtime<OnlineStatusCode | undefined>((state) => (partnerId === null ? undefined : state.presence[partnerId]));
  return <OnlineStatus code={live ?? initial} />;
}

/**
 * One quiet line under the messages: "… is typing" (partnerId given), or that the socket is away (what arrives
 * meanwhile comes with the resync after it is back). In a conversation one line, reserved, so nothing jumps when it
 * changes; in the thread list (no partnerId) no room until the socket is away.
 */
export function LiveStatusLine({ partnerId = null, name = "" }: { partnerId?: number | null; name?: string }) {
  const { t } = useTranslation("messenger");
  const connection = useRealtime((state) => state.connection);
  const typing = useRealtime((state) => partnerId !== null && state.typing[partnerId] !== undefined);
  return (
    <p
      className={partnerId === null ? css.connectionLine : css.typing}
      role="status"
      data-testid="live-connection"
      data-connection={connection}
    >
      {connection === "reconnecting" ? t("messenger.live.reconnecting") : typing ? t("messenger.live.typing", { name }) : ""}
    </p>
  );
}
