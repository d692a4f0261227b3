import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithValibot } from "@conform-to/valibot";
import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import * as v from "valibot";
import {
  CONTENT_REMOVAL_LIMITS,
  CONTENT_REMOVAL_REASONS,
  contentRemovalRequestSchema,
  contentRemovalUrlsSchema,
  splitUrlLines,
} from "#server/contract/content-removal";
import { CONTENT_REMOVAL_PAGE_KEY } from "#server/contract/pages";
import { createApiClient } from "~/api/client.server";
import { fileContentRemoval } from "~/api/pages.server";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { Field, FormErrors, Honeypot } from "~/components/Field";
import { CheckboxField, SelectField, TextAreaField } from "~/components/FieldControls";
import { InfoPage } from "~/components/info/InfoPage";
import * as css from "~/components/info/info.css";
import { infoPageHeaders, infoPageMeta } from "~/components/info/meta";
import { useLocalePath } from "~/i18n/lang";
import { translateMessage } from "~/i18n/translate";
import * as ui from "~/styles/ui.css";
import { isBotSubmission, replyWithApiErrors } from "~/utils/forms.server";
import { loadInfoPage } from "~/utils/info-pages.server";
import { readFormData } from "~/utils/form-data.server";
import { CACHE_HEADER, privateAnswer } from "~/utils/cache-headers";

/**
 * /about/content_removal_request (G): the page text plus the removal form.
 * The form posts to this route and works without JavaScript; with it, conform
 * validates on blur. A static segment, so it wins over $lang.about.($key).
 */
export const handle = { i18n: ["info"] };

/** The API's schema, except that the form sends the URLs as one textarea, one per line. */
const removalFormSchema = v.object(
  {
    ...contentRemovalRequestSchema.entries,
    urls: v.pipe(v.string("validation.content_removal.urls_required"), v.transform(splitUrlLines), contentRemovalUrlsSchema),
  },
  "validation.required",
);
const FIELDS = ["name", "email", "urls", "reason", "description", "confirm_truth"] as const;

/** Values for the messages' {{requirement}}, the same constants the API checks. */
const MESSAGE_PARAMS: Record<string, { requirement: number }> = {
  "validation.content_removal.name_too_long": { requirement: CONTENT_REMOVAL_LIMITS.nameMax },
  "validation.content_removal.too_many_urls": { requirement: CONTENT_REMOVAL_LIMITS.urlsMax },
  "validation.content_removal.description_too_short": { requirement: CONTENT_REMOVAL_LIMITS.descriptionMin },
  "validation.content_removal.description_too_long": { requirement: CONTENT_REMOVAL_LIMITS.descriptionMax },
};

const NO_STORE = privateAnswer();

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadInfoPage({ request, context, lang: params.lang, section: "about", key: CONTENT_REMOVAL_PAGE_KEY, version: "current" });
}

export const headers: HeadersFunction = (args) => (args.actionHeaders.get(CACHE_HEADER) ? new Headers(NO_STORE) : infoPageHeaders(args));
export const meta = infoPageMeta();

export async function action({ request, context, params }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const submission = parseWithValibot(formData, { schema: removalFormSchema });
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: NO_STORE });
  // Bots that fill the hidden field get the same answer as people; nothing is filed or mailed.
  if (!isBotSubmission(formData)) {
    const result = await fileContentRemoval(createApiClient({ request, context }), submission.value);
    if (!result.ok) {
      const status = result.status === 429 ? 429 : result.status >= 500 ? 502 : 400;
      return data({ lastResult: replyWithApiErrors(submission, result.errors, FIELDS) }, { status, headers: NO_STORE });
    }
  }
  throw redirect(`/${params.lang}/about/${CONTENT_REMOVAL_PAGE_KEY}?sent=1#removal-form`, { headers: NO_STORE });
}

export default function ContentRemovalRequestPage() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const { t } = useTranslation();
  const to = useLocalePath();
  const navigation = useNavigation();
  const sent = searchParams.get("sent") === "1" && !actionData;
  const [form, fields] = useForm({
    lastResult: actionData?.lastResult,
    onValidate: ({ formData }) => parseWithValibot(formData, { schema: removalFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const messages = (errors: string[] | undefined) => (errors ?? []).map((error) => translateMessage(t, error, MESSAGE_PARAMS[error]));
  const reasonOptions = CONTENT_REMOVAL_REASONS.map((reason) => ({ value: reason, label: t(`info.removal.reasons.${reason}`) }));

  return (
    <InfoPage
      page={page}
      lead={
        sent ? (
          <p className={ui.notice} role="status" data-testid="removal-sent">
            {t("info.removal.sent")}
          </p>
        ) : null
      }
    >
      <section id="removal-form" className={css.formSection} aria-labelledby="removal-form-heading">
        <h2 id="removal-form-heading">{t("info.removal.form_heading")}</h2>
        {sent ? (
          <p>{t("info.removal.sent_next")}</p>
        ) : (
          <Form method="post" action={to(`about/${CONTENT_REMOVAL_PAGE_KEY}`)} className={ui.stack} {...getFormProps(form)}>
            <p className={ui.muted}>{t("info.removal.required_hint")}</p>
            <FormErrors errors={messages(form.errors)} />
            <Honeypot />
            <Field
              label={t("info.removal.name")}
              autoComplete="name"
              maxLength={CONTENT_REMOVAL_LIMITS.nameMax}
              {...getInputProps(fields.name, { type: "text" })}
              name="name"
              errors={messages(fields.name.errors)}
            />
            <Field
              label={t("info.removal.email")}
              hint={t("info.removal.email_hint")}
              autoComplete="email"
              {...getInputProps(fields.email, { type: "email" })}
              name="email"
              errors={messages(fields.email.errors)}
            />
            <TextAreaField
              label={t("info.removal.urls")}
              hint={t("info.removal.urls_hint", { max: CONTENT_REMOVAL_LIMITS.urlsMax })}
              rows={4}
              {...getTextareaProps(fields.urls)}
              name="urls"
              errors={messages(fields.urls.errors)}
            />
            <SelectField
              label={t("info.removal.reason")}
              placeholder={t("info.removal.reason_placeholder")}
              options={reasonOptions}
              {...getSelectProps(fields.reason)}
              name="reason"
              errors={messages(fields.reason.errors)}
            />
            <TextAreaField
              label={t("info.removal.description")}
              hint={t("info.removal.description_hint", { min: CONTENT_REMOVAL_LIMITS.descriptionMin })}
              rows={6}
              maxLength={CONTENT_REMOVAL_LIMITS.descriptionMax}
              {...getTextareaProps(fields.description)}
              name="description"
              errors={messages(fields.description.errors)}
            />
            <CheckboxField
              label={t("info.removal.confirm_truth")}
              {...getInputProps(fields.confirm_truth, { type: "checkbox" })}
              name="confirm_truth"
              errors={messages(fields.confirm_truth.errors)}
            />
            <p className={ui.muted}>
              {t("info.removal.privacy_hint")} <Link to={to("legal/data_privacy_statement")}>{t("info.removal.privacy_link")}</Link>
            </p>
            <div>
              <button className={ui.button} type="submit" disabled={navigation.state === "submitting"}>
                {t("info.removal.submit")}
              </button>
            </div>
          </Form>
        )}
      </section>
    </InfoPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
