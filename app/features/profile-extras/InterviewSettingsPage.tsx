/** user/interviews, the page: one text field per question of the member's catalogue (ADR 039). */
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormErrors } from "~/components/Field";
import { errorsBesides, inputText, type FormReply } from "~/components/form/reply";
import { TextAreaField } from "~/components/FieldControls";
import { SettingsFrame, SettingsSaveButton } from "~/features/settings/SettingsFrame";
import * as ui from "~/styles/ui.css";

export function InterviewSettingsPage({
  title,
  questions,
  answers,
  waiting,
  max,
  isBusiness,
  saved,
  refused,
}: {
  title: string;
  questions: string[];
  answers: Record<string, string>;
  /** Question keys whose answer waits for the team. */
  waiting: string[];
  max: number;
  isBusiness: boolean;
  saved: boolean;
  /** A refused save: its reply (errors at the questions, the answers kept). */
  refused: FormReply | null;
}) {
  const { t } = useTranslation("account");
  return (
    <SettingsFrame
      title={title}
      intro={t(isBusiness ? "settings.interviews_business.intro" : "settings.interviews.intro", { max })}
      notice={saved ? t("settings.interviews.saved") : null}
    >
      <FormErrors errors={refused ? errorsBesides(refused, questions) : []} />
      <Form method="post" className={`${ui.card} ${ui.stack}`}>
        {questions.map((key) => (
          <TextAreaField
            key={key}
            name={key}
            label={t(`profile.interviews.questions.${key}`, { ns: "profile" })}
            defaultValue={refused ? inputText(refused, key) : (answers[key] ?? "")}
            errors={refused?.fieldErrors[key] ?? []}
            maxLength={max}
            rows={3}
            hint={
              waiting.includes(key)
                ? `${t("settings.interviews.hint", { max })} ${t("moderation.owner.pending", { ns: "moderation", field: t("moderation.fields.interview", { ns: "moderation" }) })}`
                : t("settings.interviews.hint", { max })
            }
          />
        ))}
        <SettingsSaveButton />
      </Form>
    </SettingsFrame>
  );
}
