/**
 * The watch page's notices for a viewer who may not watch (issue 31, ADR 124): what they lack, with the one action
 * that changes it (sign in, plus, fans, pay, browse), and the error of a producer's form posted by someone else.
 * Neither is on most visits' pages, so they are a chunk of their own (ADR 168); every action is a link or a plain form.
 */
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { livePaths } from "#server/contract/live-paths";
import type { LiveStreamData } from "~/api/live-streams.server";
import { FormErrors } from "~/components/FieldControls";
import { allErrors, type FormReply } from "~/components/form/reply";
import { useLang, useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import { formatHomeMoment } from "~/utils/dates";
import { useDollars } from "./live-parts";

/** What a viewer who may not watch sees instead of the player, with the one action that changes it. */
export default function Denial({
  live,
  loginPath,
  buyPath,
  plusPath,
  reply,
}: {
  live: LiveStreamData;
  loginPath: string;
  buyPath: string;
  plusPath: string;
  reply: FormReply | null;
}) {
  const { t } = useTranslation("live");
  const to = useLocalePath();
  const lang = useLang();
  const dollars = useDollars();
  const { stream, access } = live;
  const denial = access.denial;
  if (stream.state === "scheduled") {
    return (
      <p className={ui.notice} data-testid="live-denial">
        {stream.scheduledAt !== null
          ? t("live.watch.scheduled", { when: formatHomeMoment(stream.scheduledAt, lang) })
          : t("live.watch.not_started")}
      </p>
    );
  }
  const box = (text: string, action: ReactNode) => (
    <div className={`${ui.card} ${ui.stack}`} data-testid="live-denial" data-denial={denial ?? ""}>
      <p>{text}</p>
      {action}
    </div>
  );
  switch (denial) {
    case "sign_in":
      return box(
        t("live.denial.sign_in"),
        <Link className={ui.button} to={loginPath}>
          {t("live.denial.sign_in_action")}
        </Link>,
      );
    case "plus":
      return box(
        t("live.denial.plus"),
        <Link className={ui.button} to={plusPath}>
          {t("live.denial.plus_action")}
        </Link>,
      );
    case "fans":
      return box(
        t("live.denial.fans", { name: stream.creator.displayName }),
        <Link className={ui.button} to={to(`p/${stream.creator.username}/fans`)}>
          {t("live.denial.fans_action")}
        </Link>,
      );
    case "payment": {
      const price = stream.price ?? 0;
      const covered = live.balance >= price;
      return box(
        t("live.denial.payment", { price: dollars(price) }),
        <div className={ui.stack}>
          <p className={ui.muted}>{t("live.pay.balance", { balance: dollars(live.balance) })}</p>
          {reply?.intent === "pay" ? <FormErrors errors={allErrors(reply)} /> : null}
          {covered ? (
            <Form method="post">
              <input type="hidden" name="intent" value="pay" />
              <button className={ui.button} type="submit" data-testid="live-pay">
                {t("live.pay.submit", { price: dollars(price) })}
              </button>
            </Form>
          ) : (
            <Link className={ui.button} to={buyPath}>
              {t("live.pay.buy_dollars")}
            </Link>
          )}
          <p className={ui.muted}>{t("live.pay.terms")}</p>
        </div>,
      );
    }
    case "removed":
      return box(t("live.denial.removed"), null);
    default:
      return box(
        t("live.denial.ended"),
        <Link className={ui.buttonSecondary} to={to(livePaths.browse)}>
          {t("live.denial.browse")}
        </Link>,
      );
  }
}

/** A producer's form posted by someone else (the API answers 404): its translated error, not a silent page. */
export function ProducerRefusal({ reply }: { reply: FormReply }) {
  return <FormErrors errors={allErrors(reply)} />;
}
