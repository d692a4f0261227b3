/**
 * The start form's and the edit form's shared fields of a live stream (issue 31, ADR 124): title, category, audience
 * and price. A module of its own: the watch page shows the edit form to the stream's creator only, in a chunk of its
 * own (ADR 168).
 */
import { useTranslation } from "react-i18next";
import type { LiveStreamItemData } from "~/api/live-streams.server";
import { Field, SelectField } from "~/components/FieldControls";
import { inputText, type FormReply } from "~/components/form/reply";
import * as ui from "~/styles/ui.css";

type Stream = LiveStreamItemData;

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
