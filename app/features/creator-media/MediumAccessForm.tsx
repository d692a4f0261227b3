/**
 * The gallery's access form for one medium (issue 28 item 1, ADR 093): open, fans-only or pay-per-view ("puzzle")
 * with its price. A plain form: without JavaScript it posts to user/media_gallery, whose action relays it to the API;
 * a refused price comes back to its field with the input kept.
 */
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { MEDIUM_ACCESS, PPV_PRICE_MAX, PPV_PRICE_MIN } from "#server/contract/creators";
import { Field, SelectField } from "~/components/FieldControls";
import * as ui from "~/styles/ui.css";

export function MediumAccessForm({
  item,
  page,
  errors,
  values,
}: {
  item: { id: number; access: string; price: number | null; is_avatar: boolean; is_cover: boolean };
  page: number;
  /** The refused post's errors at these fields, and what was sent (kept). */
  errors: Record<string, string[]>;
  values: Record<string, string> | null;
}) {
  const { t } = useTranslation("creator-media");
  const access = values?.access ?? item.access;
  const price = values?.price ?? (item.price === null ? "" : String(item.price));
  const face = item.is_avatar || item.is_cover;
  return (
    <Form method="post" action={`?page=${page}&item=${item.id}`} className={ui.stack} noValidate data-testid="medium-access-form">
      <input type="hidden" name="intent" value="access" />
      <input type="hidden" name="id" value={item.id} />
      <SelectField
        name="access"
        id="manage-access"
        label={t("creator_media.access.label")}
        hint={face ? t("creator_media.access.face_hint") : t("creator_media.access.hint")}
        defaultValue={access}
        options={MEDIUM_ACCESS.map((value) => ({ value, label: t(`creator_media.access.${value}`) }))}
        errors={errors.access ?? []}
      />
      <Field
        name="price"
        id="manage-price"
        type="number"
        inputMode="numeric"
        min={PPV_PRICE_MIN}
        max={PPV_PRICE_MAX}
        step={1}
        label={t("creator_media.access.price", { min: PPV_PRICE_MIN, max: PPV_PRICE_MAX })}
        hint={t("creator_media.access.price_hint")}
        defaultValue={price}
        errors={errors.price ?? []}
      />
      <div className={ui.row}>
        <button type="submit" className={ui.buttonSecondary} data-testid="medium-access-save">
          {t("creator_media.access.save")}
        </button>
      </div>
    </Form>
  );
}
