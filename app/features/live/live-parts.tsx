/**
 * What the live pages share (issue 31, ADR 124): the live menu, a stream's badges, the start and edit forms' fields.
 * Apart from LivePages.tsx so that the watch page, the one hydrated live page, carries only its own page's code
 * (ADR 155).
 */
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { livePaths } from "#server/contract/live-paths";
import type { LiveStreamItemData } from "~/api/live-streams.server";
import { Field, SelectField } from "~/components/FieldControls";
import { inputText, type FormReply } from "~/components/form/reply";
import { useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import { usePriceText } from "~/utils/money";
import * as css from "./live.css";

type Stream = LiveStreamItemData;

export function useDollars() {
  const price = usePriceText();
  return (amount: number) => price({ amount, currency: "dollar" });
}

/** The spec's live menu: browse, start, streaming live (the creator's streams), watch recording. */
export function LiveMenu({ current }: { current: "browse" | "start" | "recordings" | "mine" | null }) {
  const { t } = useTranslation("live");
  const to = useLocalePath();
  const items = [
    { key: "browse", path: livePaths.browse },
    { key: "start", path: livePaths.start },
    { key: "recordings", path: livePaths.recordings },
    { key: "mine", path: livePaths.myRecordings },
  ] as const;
  return (
    <nav aria-label={t("live.menu.label")}>
      <ul className={css.menu}>
        {items.map((item) => (
          <li key={item.key}>
            <Link
              className={item.key === current ? css.menuCurrent : css.menuLink}
              to={to(item.path)}
              aria-current={item.key === current ? "page" : undefined}
            >
              {t(`live.menu.${item.key}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function StreamBadges({ stream }: { stream: Stream }) {
  const { t } = useTranslation("live");
  const dollars = useDollars();
  return (
    <span className={css.badges}>
      {stream.state === "live" ? <span className={css.liveBadge}>{t("live.badge.live")}</span> : null}
      <span className={css.badge}>{t(`live.category.${stream.category}`)}</span>
      {stream.audience === "paid" && stream.price !== null ? (
        <span className={css.priceBadge} data-testid="live-price-badge">
          {dollars(stream.price)}
        </span>
      ) : stream.audience !== "logged_in" ? (
        <span className={css.badge}>{t(`live.audience_badge.${stream.audience}`)}</span>
      ) : null}
    </span>
  );
}

export interface StreamFormOptions {
  categories: readonly string[];
  audiences: readonly string[];
}

/** Title, category, audience and price: the start form's and the edit form's shared fields. */
export function StreamFields({
  reply,
  stream,
  options,
  limits,
  audienceFixed,
}: {
  reply: FormReply | null;
  stream: Stream | null;
  options: StreamFormOptions;
  limits: { titleMin: number; titleMax: number; priceMin: number; priceMax: number };
  audienceFixed: boolean;
}) {
  const { t } = useTranslation("live");
  const value = (name: string, saved: string) => (reply && reply.intent !== "start_stream" ? inputText(reply, name) : saved);
  const errors = (name: string) => reply?.fieldErrors[name] ?? [];
  return (
    <>
      <Field
        name="title"
        label={t("live.form.title")}
        hint={t("live.form.title_hint", { min: limits.titleMin, max: limits.titleMax })}
        required
        minLength={limits.titleMin}
        maxLength={limits.titleMax}
        defaultValue={value("title", stream?.title ?? "")}
        errors={errors("title")}
      />
      <SelectField
        name="category"
        label={t("live.form.category")}
        defaultValue={value("category", stream?.category ?? "chat")}
        options={options.categories.map((c) => ({ value: c, label: t(`live.category.${c}`) }))}
        errors={errors("category")}
      />
      {audienceFixed ? (
        <>
          <input type="hidden" name="audience" value={stream?.audience ?? "logged_in"} />
          {stream?.price !== null && stream?.price !== undefined ? <input type="hidden" name="price" value={stream.price} /> : null}
          <p className={ui.muted}>{t("live.form.audience_fixed", { audience: t(`live.audience.${stream?.audience ?? "logged_in"}`) })}</p>
        </>
      ) : (
        <>
          <SelectField
            name="audience"
            label={t("live.form.audience")}
            defaultValue={value("audience", stream?.audience ?? "logged_in")}
            options={options.audiences.map((a) => ({ value: a, label: t(`live.audience.${a}`) }))}
            errors={errors("audience")}
          />
          <Field
            name="price"
            type="number"
            inputMode="numeric"
            min={limits.priceMin}
            max={limits.priceMax}
            step={1}
            label={t("live.form.price")}
            hint={t("live.form.price_hint", { min: limits.priceMin, max: limits.priceMax })}
            defaultValue={value("price", stream?.price !== null && stream?.price !== undefined ? String(stream.price) : "")}
            errors={errors("price")}
          />
        </>
      )}
    </>
  );
}
