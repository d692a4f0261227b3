/**
 * The way around the back office's queues (issue 30 item 5, ADR 119): every queue with its open count at the top of
 * each queue page, "take next", the last claim form's notice, the keyboard shortcuts' help (queue-keys.js, loaded
 * only here) and each item's claim bar. Plain forms: everything works without JavaScript.
 */
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import type { QueueChrome as QueueChromeData } from "./queue-chrome.server";
import * as css from "./queues.css";

/** public/scripts/queue-keys.js (app/scripts/queue-keys.ts). */
export const QUEUE_KEYS_SCRIPT = "/scripts/queue-keys.js";
export const SHORTCUT_KEYS = ["j", "k", "a", "r", "c", "?"] as const;

/** Where claim forms post (the action of $lang.backoffice_.claims). */
const useClaimAction = () => useLocalePath()("backoffice/claims");

/** The current page, for the claim forms to come back to (without the last notice). */
function useBack(): string {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.delete("claim");
  params.delete("done");
  const search = params.toString();
  return `${location.pathname}${search ? `?${search}` : ""}`;
}

export function QueueNav({ chrome }: { chrome: QueueChromeData }) {
  const { t } = useTranslation("queues");
  const to = useLocalePath();
  // The queues with work (or no count) and this one: a dozen tabs would push a phone's list off its first screen;
  // the overview lists them all.
  const shown = chrome.queues.filter((queue) => queue.open !== 0 || queue.name === chrome.queue);
  return (
    <nav aria-label={t("queues.nav.label")} data-testid="queue-nav">
      <ul className={css.nav}>
        <li>
          <Link className={ui.tab} to={to("backoffice/queues")}>
            {t("queues.nav.overview")}
          </Link>
        </li>
        {shown.map((queue) => (
          <li key={queue.name}>
            <Link
              className={ui.tab}
              to={to(queue.page)}
              aria-current={queue.name === chrome.queue ? "page" : undefined}
              data-queue={queue.name}
            >
              {queue.label}
              {queue.open === null ? null : <span className={css.count}>{queue.open}</span>}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Nav, claim notice, take next and the shortcuts: what a queue page shows above its list. */
export function QueueChromeBar({ chrome }: { chrome: QueueChromeData }) {
  const { t, i18n } = useTranslation("queues");
  const action = useClaimAction();
  const back = useBack();
  const time = new Intl.DateTimeFormat(i18n.language, { timeStyle: "short" });
  const mine = chrome.claims.find((claim) => claim.mine);
  return (
    <>
      <QueueNav chrome={chrome} />
      {chrome.claimNotice ? (
        <p className={ui.notice} role="status" data-testid="claim-notice">
          {chrome.claimNotice === "claimed"
            ? t("queues.claim.done_claimed", { time: mine ? time.format(mine.expiresAt) : "" })
            : chrome.claimNotice === "released"
              ? t("queues.claim.done_released")
              : chrome.claimNotice === "taken"
                ? t("queues.claim.taken")
                : t("queues.claim.done_nothing")}
        </p>
      ) : null}
      <div className={css.tools}>
        <Form method="post" action={action}>
          <input type="hidden" name="intent" value="next" />
          <input type="hidden" name="queue" value={chrome.queue} />
          <input type="hidden" name="back" value={back} />
          <button className={ui.button} type="submit" data-testid="take-next">
            {t("queues.claim.take_next")}
          </button>
        </Form>
        <details className={css.shortcuts} data-queue-shortcuts hidden>
          <summary className={ui.checkboxRow}>{t("queues.shortcuts.title")}</summary>
          <dl className={css.keyList}>
            {SHORTCUT_KEYS.map((key) => (
              <div key={key} style={{ display: "contents" }}>
                <dt className={css.key}>{key}</dt>
                <dd style={{ margin: 0 }}>{t(`queues.shortcuts.${key === "?" ? "help" : key}`)}</dd>
              </div>
            ))}
          </dl>
        </details>
      </div>
      <script src={QUEUE_KEYS_SCRIPT} defer />
    </>
  );
}

/** One item's claim: who holds it until when, and the form to claim or release it. */
export function ClaimBar({ chrome, scope, itemId }: { chrome: QueueChromeData; scope: string; itemId: number }) {
  const { t, i18n } = useTranslation("queues");
  const action = useClaimAction();
  const back = useBack();
  const time = new Intl.DateTimeFormat(i18n.language, { timeStyle: "short" });
  const claim = chrome.claims.find((c) => c.queue === scope && c.itemId === itemId);
  return (
    <div className={css.claimBar} data-testid="claim-bar" data-claim={claim ? (claim.mine ? "mine" : "other") : "none"}>
      {claim ? (
        <span className={claim.mine ? undefined : css.claimedByOther}>
          {claim.mine
            ? t("queues.claim.mine", { time: time.format(claim.expiresAt) })
            : t("queues.claim.other", { name: claim.staff.username, time: time.format(claim.expiresAt) })}
        </span>
      ) : (
        <span />
      )}
      {claim && !claim.mine ? null : (
        <Form method="post" action={action}>
          <input type="hidden" name="intent" value={claim ? "release" : "claim"} />
          <input type="hidden" name="queue" value={scope} />
          <input type="hidden" name="item_id" value={itemId} />
          <input type="hidden" name="back" value={back} />
          <button className={ui.buttonSecondary} type="submit" data-shortcut={claim ? undefined : "c"}>
            {claim ? t("queues.claim.release") : t("queues.claim.claim")}
          </button>
        </Form>
      )}
    </div>
  );
}

/** The way around the queues that the page's loader loaded (its `chrome`: loadQueueChrome), or null. */
export const useQueueChrome = (): QueueChromeData | null => useLoaderData<{ chrome?: QueueChromeData | null }>().chrome ?? null;

/** The anchor and keyboard target of an item: "take next" lands on it, j/k move between them. */
export const itemAnchor = (scope: string, itemId: number) => ({
  id: `item-${scope}-${itemId}`,
  "data-queue-item": "",
});

/** The bar above a queue page's list, from the page loader's `chrome` (nothing when it loaded none). */
export function PageQueueChrome() {
  const chrome = useQueueChrome();
  return chrome ? <QueueChromeBar chrome={chrome} /> : null;
}

/** An item's claim bar, from the page loader's `chrome` (nothing when it loaded none). */
export function ItemClaimBar({ scope, itemId }: { scope: string; itemId: number }) {
  const chrome = useQueueChrome();
  return chrome ? <ClaimBar chrome={chrome} scope={scope} itemId={itemId} /> : null;
}
