import { getFormProps, useReplyForm } from "~/components/form/form-binding";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormErrors } from "~/components/Field";
import { PhotoFilesField } from "~/components/form/PhotoFilesField";
import { Picture } from "~/components/Picture";
import * as ui from "~/styles/ui.css";
import { SubmitRow } from "./controls";
import type { JoinStepView } from "./RegistrationStepPage";
import * as css from "./steps.css";

/**
 * The photo step: a plain multipart form (works without JavaScript). With
 * photos already uploaded, the user may continue without choosing more;
 * clients may always go on without one (their profiles are for members
 * only, ADR 023).
 */
export function PhotoStep({ view }: { view: JoinStepView }) {
  const { media, lastResult } = view;
  const photoRequired = view.step.photo_required;
  const { t } = useTranslation();
  const [form, fields] = useReplyForm({ lastResult });
  const errors = fields.files?.errors;
  const hasPhotos = media.length > 0;
  const optional = !photoRequired && !hasPhotos;
  return (
    <Form method="post" encType="multipart/form-data" className={ui.stack} {...getFormProps(form)}>
      <FormErrors errors={form.errors ?? []} />
      {hasPhotos ? (
        <section aria-labelledby="photos-title">
          <h2 id="photos-title">{t("registration_steps.photo.current")}</h2>
          <ul className={css.photos}>
            {media.map((item) => (
              <li key={item.id}>
                <Picture
                  image={item.image}
                  className={css.photo}
                  alt={item.is_avatar ? t("registration_steps.photo.avatar") : t("registration_steps.photo.photo")}
                  sizes="96px"
                  width={96}
                  height={96}
                />
                {item.is_avatar ? <span className={ui.muted}>{t("registration_steps.photo.avatar")}</span> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <PhotoFilesField
        label={hasPhotos ? t("registration_steps.photo.files_more") : t("registration_steps.photo.files")}
        hint={
          <>
            {optional ? `${t("registration_steps.photo.optional_hint")} ` : null}
            {t("registration_steps.photo.files_hint", view.photoLimits ?? undefined)}
          </>
        }
        required={photoRequired && !hasPhotos}
        errors={errors}
      />
      <SubmitRow>
        <button className={ui.button} type="submit">
          {hasPhotos ? t("registration_steps.photo.continue") : t("registration_steps.photo.submit")}
        </button>
        {/* Without a chosen file the same post just finishes the step. */}
        {optional ? (
          <button className={ui.buttonSecondary} type="submit" formAction="?skip=1" formNoValidate data-testid="photo-skip">
            {t("registration_steps.photo.skip")}
          </button>
        ) : null}
      </SubmitRow>
    </Form>
  );
}
