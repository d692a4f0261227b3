/**
 * The frame of a feature's own back-office queue page (bundles, blogs, events, verifications): title, intro, the way
 * back to the main queue, the last decision's notice, a refused post about no item of the page, the empty state and
 * the list. Texts come from `<feature>.backoffice.*` of the feature's namespace; test ids start with the feature.
 */
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { QueueChrome } from "~/features/queues/queue-chrome.server";
import { ClaimBar, itemAnchor, QueueChromeBar, useQueueChrome } from "~/features/queues/QueueChrome";
import { useTranslation } from "react-i18next";
import { FormErrors } from "~/components/Field";
import { errorsBesides, type FormReply } from "~/components/form/reply";
import * as ui from "~/styles/ui.css";

const claimOf = (chrome: QueueChrome, scope: string, itemId: number): ItemClaim => ({
  bar: <ClaimBar chrome={chrome} scope={scope} itemId={itemId} />,
  anchor: itemAnchor(scope, itemId),
});

/** An item's claim as the frame hands it to the page's renderer. */
export interface ItemClaim {
  bar: ReactNode;
  anchor: ReturnType<typeof itemAnchor>;
}

export function StaffQueueFrame<Item extends { id: number }>({
  feature,
  items,
  done,
  failure,
  summary,
  footer,
  renderItem,
  scopeOf,
}: {
  /** The namespace and key prefix ("bundle", "blog", "event", "verification"). */
  feature: string;
  items: readonly Item[];
  done: string | null;
  failure: FormReply | null;
  /** Counts under the intro. */
  summary?: ReactNode;
  /** A pager under the list. */
  footer?: ReactNode;
  /**
   * One item, with the refused post about it if there is one, and its claim (ADR 119) when the loader named the queue:
   * the claim bar to show and the anchor props for the item's element.
   */
  renderItem: (item: Item, failure: FormReply | null, claim: ItemClaim | null) => ReactNode;
  /** An item's claim scope when the queue's items are of more than one kind (the reviews' `reviews.date`). */
  scopeOf?: (item: Item) => string;
}) {
  const { t, i18n } = useTranslation(feature);
  // The way around the queues, when the page's loader asked for it (loadStaffQueue's `queue`).
  const chrome = useQueueChrome();
  const failedId = failure ? Number(failure.input.id) : null;
  return (
    <main className={ui.page}>
      <div className={ui.stack}>
        <h1>{t(`${feature}.backoffice.title`)}</h1>
        {chrome ? <QueueChromeBar chrome={chrome} /> : null}
        <p className={ui.muted}>{t(`${feature}.backoffice.intro`)}</p>
        {summary}
        <Link to={`/${i18n.language}/backoffice`} className={ui.blockLink}>
          {t(`${feature}.backoffice.to_queue`)}
        </Link>
        {done ? (
          <p className={ui.notice} role="status" data-testid={`${feature}-queue-done`}>
            {t(`${feature}.backoffice.done_${done}`)}
          </p>
        ) : null}
        {/* A refused decision about no item of this page (decided meanwhile, a hand-made post): above the list. */}
        {failure && !items.some((item) => item.id === failedId) ? <FormErrors errors={errorsBesides(failure, [])} /> : null}
        {items.length === 0 ? (
          <p className={ui.card} data-testid={`${feature}-queue-empty`}>
            {t(`${feature}.backoffice.empty`)}
          </p>
        ) : (
          <ul className={ui.plainList} data-testid={`${feature}-queue`}>
            {items.map((item) =>
              renderItem(
                item,
                failure && failedId === item.id ? failure : null,
                chrome ? claimOf(chrome, scopeOf?.(item) ?? chrome.queue, item.id) : null,
              ),
            )}
          </ul>
        )}
        {footer}
      </div>
    </main>
  );
}
