/**
 * The private note on the profile page (issue 11 item 4, ADR 037): only its author sees it. Plus members write and
 * change it; a former plus member still reads and deletes it; members without plus are told it is a plus benefit.
 */
import { checkoutPath } from "#server/contract/checkout-path";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { NOTE_MAX_LENGTH } from "#server/contract/notes";
import { TextAreaField } from "~/components/FieldControls";
import { translateMessage } from "~/i18n/translate";
import * as ui from "~/styles/ui.css";
import { inputText } from "~/components/form/reply";
import { ProfileActionForm, refusalFor, type ProfileActionFormProps } from "./form-parts";
import * as css from "./friend-forms.css";
import { NOTE_INTENTS } from "./friend-intents";

export function NoteForms({ profile, lang, tab, refused }: ProfileActionFormProps) {
  const { t } = useTranslation("friends");
  // Error keys (exception.*, validation.*) live in the default namespace.
  const { t: tErrors } = useTranslation();
  const note = profile.relation.note;
  if (!note) return null;
  const mine = refusalFor(refused, NOTE_INTENTS);
  const form = { profile, lang, tab };
  const upgrade = (
    <Link to={checkoutPath(lang, "membership")} data-testid="note-upgrade">
      {t("friends.notes.upgrade_link")}
    </Link>
  );
  if (!note.canWrite && note.text === null) {
    return (
      <p className={ui.muted} data-testid="note-plus-prompt">
        {t("friends.notes.plus_only")} {upgrade}
      </p>
    );
  }
  // The text's own errors are shown at the field; any other (a refused delete, the API's) above the form.
  const { text: _textErrors, ...otherFieldErrors } = mine?.fieldErrors ?? {};
  const errors = mine ? [...mine.formErrors, ...Object.values(otherFieldErrors).flat()].map((key) => translateMessage(tErrors, key)) : [];
  return (
    <details className={css.note} open={note.text !== null || mine !== null} data-testid="note-action">
      <summary className={css.noteSummary}>{t("friends.notes.summary")}</summary>
      <p className={`${ui.muted} ${css.noteHint}`}>{t("friends.notes.private_hint", { name: profile.displayName })}</p>
      {errors.length > 0 ? (
        <p className={ui.alert} role="alert">
          {errors.join(" ")}
        </p>
      ) : null}
      {note.canWrite ? (
        <ProfileActionForm {...form} intent="note_save" className={ui.stack}>
          <TextAreaField
            name="text"
            label={t("friends.notes.label")}
            hint={t("friends.notes.hint", { max: NOTE_MAX_LENGTH })}
            defaultValue={mine?.intent === "note_save" ? inputText(mine, "text") : (note.text ?? "")}
            errors={mine?.fieldErrors.text ?? []}
            rows={4}
            maxLength={NOTE_MAX_LENGTH}
            required
          />
          <div>
            <button type="submit" className={ui.button}>
              {t(note.text === null ? "friends.notes.save" : "friends.notes.change")}
            </button>
          </div>
        </ProfileActionForm>
      ) : (
        <>
          <p className={css.noteText} data-testid="note-text">
            {note.text}
          </p>
          <p className={ui.muted}>
            {t("friends.notes.lapsed")} {upgrade}
          </p>
        </>
      )}
      {note.text !== null ? (
        <ProfileActionForm {...form} intent="note_delete">
          <button type="submit" className={ui.linkButton}>
            {t("friends.notes.delete")}
          </button>
        </ProfileActionForm>
      ) : null}
    </details>
  );
}
