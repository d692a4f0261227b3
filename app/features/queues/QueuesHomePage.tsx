/**
 * backoffice/queues (issue 30 item 5, ADR 119): every queue the staff member's role works, with its open items and
 * how long the oldest has waited, each a link to its page. Not hydrated.
 */
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { QueueSummaryData } from "~/api/queues.server";
import { useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import * as css from "./queues.css";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A wait in the page's language, in the unit a person reads it in: minutes, hours up to two days, then days. */
export function formatWait(ms: number, language: string): string {
  const [value, unit] =
    ms < HOUR
      ? [Math.max(1, Math.floor(ms / MINUTE)), "minute"]
      : ms < 2 * DAY
        ? [Math.floor(ms / HOUR), "hour"]
        : [Math.floor(ms / DAY), "day"];
  return new Intl.NumberFormat(language, { style: "unit", unit, unitDisplay: "long" }).format(value);
}

export function QueuesHomePage({ queues, now }: { queues: Array<QueueSummaryData & { label: string }>; now: number }) {
  const { t, i18n } = useTranslation("queues");
  const to = useLocalePath();
  const count = new Intl.NumberFormat(i18n.language);
  return (
    <main className={ui.page}>
      <div className={ui.stack}>
        <h1>{t("queues.home.title")}</h1>
        <p className={ui.muted}>{t("queues.home.intro")}</p>
        <ul className={css.homeList} data-testid="queues-home">
          {queues.map((queue) => (
            <li key={queue.name} className={css.homeItem} data-queue={queue.name}>
              <Link className={css.homeLink} to={to(queue.page)}>
                {queue.label}
              </Link>
              <span data-testid="queue-open">
                {queue.open === null
                  ? t("queues.home.no_count")
                  : queue.open === 0
                    ? t("queues.home.none_open")
                    : t("queues.home.open", { count: queue.open, formatted: count.format(queue.open) })}
              </span>
              {queue.oldestAt !== null && queue.open ? (
                <span className={ui.muted} data-testid="queue-oldest">
                  {t("queues.home.oldest", { age: formatWait(Math.max(0, now - queue.oldestAt), i18n.language) })}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
    </main>
  );
}
