/**
 * The content-creation pages (issue 28 item 4): the benefit page, the default prices and content-create/{id?}
 * (upload or pick, then visibility, access, price and a scheduled publication). Plain forms: no JavaScript needed.
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { CreatorMediaList, CreatorMedium } from "#server/contract/creator-media";
import { MEDIUM_ACCESS, PPV_PRICE_MAX, PPV_PRICE_MIN } from "#server/contract/creators";
import { mediaStatusName } from "#server/contract/gallery-basics";
import type { Camelize } from "~/api/camelize";
import { Field, FormErrors } from "~/components/Field";
import { CheckboxField, SelectField } from "~/components/FieldControls";
import { PhotoFilesField, type PhotoLimits } from "~/components/form/PhotoFilesField";
import type { FormReply } from "~/components/form/reply";
import { Picture } from "~/components/Picture";
import { formatDateTime } from "~/features/dates/format";
import { useLang } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import * as css from "./creator-media.css";

type Paths = { benefit: string; price: string; create: string };

function Steps({ paths, current }: { paths: Paths; current: "benefit" | "price" | "create" }) {
  const { t } = useTranslation("creator-media");
  const steps = [
    ["benefit", paths.benefit],
    ["price", paths.price],
    ["create", paths.create],
  ] as const;
  return (
    <nav aria-label={t("creator_media.steps.label")}>
      <ol className={css.steps}>
        {steps.map(([key, path]) => (
          <li key={key}>
            <Link className={ui.linkButton} to={path} aria-current={key === current ? "step" : undefined}>
              {t(`creator_media.steps.${key}`)}
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}

export function BenefitPage({ page }: { page: { title: string; benefitPath: string; pricePath: string; createPath: string } }) {
  const { t } = useTranslation("creator-media");
  return (
    <main className={css.page}>
      <div className={ui.stack}>
        <Steps paths={{ benefit: page.benefitPath, price: page.pricePath, create: page.createPath }} current="benefit" />
        <h1>{page.title}</h1>
        <p>{t("creator_media.benefit.intro")}</p>
        <ul className={ui.stack} data-testid="benefit-list">
          {(["ppv", "fans", "bundles", "safety"] as const).map((key) => (
            <li key={key}>
              <strong>{t(`creator_media.benefit.${key}_title`)}</strong> {t(`creator_media.benefit.${key}_text`)}
            </li>
          ))}
        </ul>
        <p className={ui.row}>
          <Link className={ui.button} to={page.pricePath} data-testid="benefit-price">
            {t("creator_media.benefit.to_price")}
          </Link>
          <Link className={ui.linkButton} to={page.createPath}>
            {t("creator_media.benefit.to_create")}
          </Link>
        </p>
      </div>
    </main>
  );
}

export function PriceSetupPage({
  page,
  reply,
}: {
  page: { title: string; defaults: { defaultPrice: number; fansOnlyDefault: boolean }; benefitPath: string };
  reply: FormReply | null;
}) {
  const { t } = useTranslation("creator-media");
  const sent = reply?.input as Record<string, string> | undefined;
  return (
    <main className={css.page}>
      <div className={ui.stack}>
        <h1>{page.title}</h1>
        <p>{t("creator_media.price.intro")}</p>
        {reply ? <FormErrors errors={reply.formErrors} /> : null}
        <Form method="post" className={`${ui.card} ${ui.stack}`} noValidate data-testid="price-form">
          <Field
            name="default_price"
            id="default-price"
            type="number"
            inputMode="numeric"
            min={PPV_PRICE_MIN}
            max={PPV_PRICE_MAX}
            step={1}
            label={t("creator_media.price.default_price", { min: PPV_PRICE_MIN, max: PPV_PRICE_MAX })}
            defaultValue={sent?.default_price ?? String(page.defaults.defaultPrice)}
            errors={reply?.fieldErrors.default_price ?? []}
          />
          <CheckboxField
            name="fans_only_default"
            id="fans-only-default"
            label={t("creator_media.price.fans_only_default")}
            hint={t("creator_media.price.fans_only_hint")}
            defaultChecked={sent ? sent.fans_only_default === "on" : page.defaults.fansOnlyDefault}
          />
          <div className={ui.row}>
            <button type="submit" className={ui.button} data-testid="price-save">
              {t("creator_media.price.save")}
            </button>
            <Link className={ui.linkButton} to={page.benefitPath}>
              {t("creator_media.price.back")}
            </Link>
          </div>
        </Form>
      </div>
    </main>
  );
}

type Medium = Camelize<CreatorMedium>;

function AccessLabel({ medium }: { medium: Pick<Medium, "access" | "price"> }) {
  const { t } = useTranslation("creator-media");
  return (
    <>
      {medium.access === "ppv" && medium.price !== null
        ? t("creator_media.access.ppv_at", { count: medium.price })
        : t(`creator_media.access.${medium.access}`)}
    </>
  );
}

function PickList({ list }: { list: Camelize<CreatorMediaList> }) {
  const { t } = useTranslation("creator-media");
  const lang = useLang();
  if (list.items.length === 0)
    return (
      <p className={ui.muted} data-testid="create-empty">
        {t("creator_media.create.empty")}
      </p>
    );
  return (
    <ul className={css.pickGrid} data-testid="create-pick">
      {list.items.map((item) => (
        <li key={item.id}>
          <Link
            className={css.pickLink}
            to={`/${lang}/content-create/${item.id}`}
            aria-label={t("creator_media.create.pick_item", { id: item.id })}
          >
            <Picture image={item.image} alt="" sizes="(min-width: 768px) 120px, 33vw" width={120} height={120} className={css.pickImage} />
            {item.access !== "open" ? (
              <span className={css.pickTag}>
                <AccessLabel medium={item} />
              </span>
            ) : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}

export interface ContentCreateData {
  mode: "pick" | "edit";
  title: string;
  list: Camelize<CreatorMediaList> | null;
  medium: Medium | null;
  publishAtLocal: string;
  defaultVisibility: string;
  visibilities: readonly string[];
  /** The photo picker's hint values in the page's language (the loader's photoLimitsIn). */
  photoLimits: PhotoLimits;
  done: "price" | "upload" | "saved" | null;
  paths: Paths;
}

function UploadForm({ page, reply }: { page: ContentCreateData; reply: FormReply | null }) {
  const { t } = useTranslation("creator-media");
  const { t: tg } = useTranslation("gallery");
  const limits = page.photoLimits;
  const mine = reply?.intent === "upload" ? reply : null;
  return (
    <section className={`${ui.card} ${ui.stack}`} aria-labelledby="upload-title">
      <h2 id="upload-title" style={{ margin: 0, fontSize: "1.15rem" }}>
        {t("creator_media.create.upload_title")}
      </h2>
      <Form method="post" encType="multipart/form-data" className={ui.stack} data-testid="create-upload">
        {mine ? <FormErrors errors={mine.formErrors} /> : null}
        <PhotoFilesField
          label={tg("gallery.upload.files")}
          hint={tg("gallery.upload.hint", limits)}
          required
          errors={mine?.fieldErrors.files ?? []}
        />
        <SelectField
          name="visibility"
          id="create-upload-visibility"
          label={tg("gallery.upload.visibility")}
          defaultValue={page.defaultVisibility}
          options={page.visibilities.map((value) => ({ value, label: tg(`gallery.visibility.${value}`) }))}
          errors={mine?.fieldErrors.visibility ?? []}
        />
        {page.list?.defaults.fansOnlyDefault ? <p className={ui.muted}>{t("creator_media.create.fans_default_note")}</p> : null}
        <div className={ui.row}>
          <button type="submit" className={ui.button} data-testid="create-upload-submit">
            {t("creator_media.create.upload_submit")}
          </button>
        </div>
      </Form>
    </section>
  );
}

function SettingsForm({ page, medium, reply }: { page: ContentCreateData; medium: Medium; reply: FormReply | null }) {
  const { t } = useTranslation("creator-media");
  const { t: tg } = useTranslation("gallery");
  const lang = useLang();
  const sent = reply && reply.intent !== "upload" ? (reply.input as Record<string, string>) : null;
  const errors = reply && reply.intent !== "upload" ? reply.fieldErrors : {};
  const price = sent?.price ?? (medium.price !== null ? String(medium.price) : String(page.list?.defaults.defaultPrice ?? ""));
  return (
    <section className={`${ui.card} ${ui.stack}`} aria-labelledby="settings-title">
      <h2 id="settings-title" style={{ margin: 0, fontSize: "1.15rem" }}>
        {t("creator_media.create.settings_title")}
      </h2>
      <Picture
        image={medium.image}
        alt={t("creator_media.create.medium_alt")}
        sizes="240px"
        width={240}
        height={Math.round((240 * medium.image.height) / medium.image.width)}
        className={css.preview}
        priority
      />
      <dl className={css.facts}>
        <dt>{tg("gallery.manage.status")}</dt>
        <dd className={css.factValue} data-testid="create-status">
          {tg(`gallery.status.${mediaStatusName(medium.status)}`)}
        </dd>
        <dt>{t("creator_media.access.label")}</dt>
        <dd className={css.factValue} data-testid="create-access">
          <AccessLabel medium={medium} />
        </dd>
        {medium.publishAt !== null ? (
          <>
            <dt>{t("creator_media.create.scheduled")}</dt>
            <dd className={css.factValue} data-testid="create-scheduled">
              {formatDateTime(medium.publishAt, lang)}
            </dd>
          </>
        ) : null}
      </dl>
      <Form method="post" className={ui.stack} noValidate data-testid="create-settings">
        {reply && reply.intent !== "upload" ? <FormErrors errors={reply.formErrors} /> : null}
        <SelectField
          name="visibility"
          id="create-visibility"
          label={tg("gallery.manage.visibility")}
          defaultValue={sent?.visibility ?? medium.visibility}
          options={medium.visibilities.map((value) => ({ value, label: tg(`gallery.visibility.${value}`) }))}
          errors={errors.visibility ?? []}
        />
        <SelectField
          name="access"
          id="create-access-field"
          label={t("creator_media.access.label")}
          hint={medium.isAvatar || medium.isCover ? t("creator_media.access.face_hint") : t("creator_media.access.hint")}
          defaultValue={sent?.access ?? medium.access}
          options={MEDIUM_ACCESS.map((value) => ({ value, label: t(`creator_media.access.${value}`) }))}
          errors={errors.access ?? []}
        />
        <Field
          name="price"
          id="create-price"
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
        <Field
          name="publish_at"
          id="create-publish-at"
          type="datetime-local"
          label={t("creator_media.create.publish_at")}
          hint={t("creator_media.create.publish_at_hint")}
          defaultValue={sent?.publish_at ?? page.publishAtLocal}
          errors={errors.publish_at ?? []}
        />
        <div className={ui.row}>
          <button type="submit" className={ui.button} data-testid="create-save">
            {t("creator_media.create.save")}
          </button>
          <Link className={ui.linkButton} to={page.paths.create}>
            {t("creator_media.create.back_to_pick")}
          </Link>
        </div>
      </Form>
    </section>
  );
}

export function ContentCreatePage({ page, reply }: { page: ContentCreateData; reply: FormReply | null }) {
  const { t } = useTranslation("creator-media");
  const firstTime = page.list !== null && !page.list.defaults.saved;
  return (
    <main className={css.page}>
      <div className={ui.stack}>
        <Steps paths={page.paths} current="create" />
        <h1>{page.title}</h1>
        {page.done && !reply ? (
          <p className={ui.notice} role="status" data-testid="create-done">
            {t(`creator_media.create.done.${page.done}`)}
          </p>
        ) : null}
        {firstTime ? (
          <p className={ui.muted} data-testid="create-first-time">
            {t("creator_media.create.first_time")} <Link to={page.paths.benefit}>{t("creator_media.create.first_time_link")}</Link>
          </p>
        ) : null}
        {page.mode === "edit" && page.medium ? (
          <SettingsForm page={page} medium={page.medium} reply={reply} />
        ) : (
          <>
            <UploadForm page={page} reply={reply} />
            <section className={ui.stack} aria-labelledby="pick-title">
              <h2 id="pick-title" style={{ margin: 0, fontSize: "1.15rem" }}>
                {t("creator_media.create.pick_title")}
              </h2>
              {page.list ? <PickList list={page.list} /> : null}
            </section>
          </>
        )}
      </div>
    </main>
  );
}
