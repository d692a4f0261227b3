/**
 * live/keys: streaming from OBS (issue 31 item 1, ADR 125). The RTMP server address, the current key's hint, and one
 * form that makes a new key — shown once, here, in the answer to the post. Works without JavaScript.
 */
import { Form, useActionData, useLoaderData, useParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormErrors } from "~/components/Field";
import { allErrors, readReply } from "~/components/form/reply";
import * as ui from "~/styles/ui.css";
import type { loadLiveKeys, submitLiveKeys } from "./keys.server";
import * as css from "./keys.css";

export function LiveKeysPage() {
  const { state } = useLoaderData<typeof loadLiveKeys>();
  const actionData = useActionData<typeof submitLiveKeys>();
  const reply = readReply(actionData?.lastResult);
  const created = actionData?.created ?? null;
  const { lang } = useParams();
  const { t, i18n } = useTranslation("live-media");
  const rtmpUrl = created?.rtmpUrl ?? state.rtmpUrl;
  const hint = created?.keyHint ?? state.keyHint;
  const since = created?.keyCreatedAt ?? state.keyCreatedAt;
  const date = since ? new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(since) : null;

  return (
    <main className={ui.narrow}>
      <div className={`${ui.card} ${ui.stack}`}>
        <h1>{t("live_media.keys.heading")}</h1>
        <p className={ui.muted}>{t("live_media.keys.intro")}</p>
        <FormErrors errors={allErrors(reply)} />

        {created ? (
          <section className={css.created} role="status" aria-labelledby="live-key-created" data-testid="live-key-created">
            <h2 id="live-key-created" className={ui.sectionTitle}>
              {t("live_media.keys.created_heading")}
            </h2>
            <p>{t("live_media.keys.created_once")}</p>
            <label className={ui.field}>
              <span className={ui.label}>{t("live_media.keys.key_label")}</span>
              {/* A textarea wraps the 32 characters on a phone; an input would hide half of them. */}
              <textarea
                className={`${ui.input} ${css.secret}`}
                readOnly
                value={created.key}
                name="stream-key"
                rows={2}
                autoComplete="off"
                spellCheck={false}
              />
            </label>
          </section>
        ) : null}

        <dl className={css.settings}>
          <dt>{t("live_media.keys.server_label")}</dt>
          <dd>
            {rtmpUrl ? <code className={css.code}>{rtmpUrl}</code> : <span className={ui.muted}>{t("live_media.keys.rtmp_off")}</span>}
          </dd>
          <dt>{t("live_media.keys.key_label")}</dt>
          <dd>
            {hint ? (
              <>
                <code className={css.code}>{t("live_media.keys.hint", { hint })}</code>
                {date ? <span className={ui.muted}> {t("live_media.keys.since", { date })}</span> : null}
              </>
            ) : (
              <span className={ui.muted}>{t("live_media.keys.none")}</span>
            )}
          </dd>
        </dl>

        <Form method="post" className={ui.stack}>
          <input type="hidden" name="intent" value="rotate" />
          {hint ? <p className={ui.muted}>{t("live_media.keys.rotate_warning")}</p> : null}
          <button className={ui.button} type="submit" data-testid="live-key-rotate">
            {t(hint ? "live_media.keys.rotate" : "live_media.keys.create")}
          </button>
        </Form>

        <section aria-labelledby="live-obs-steps">
          <h2 id="live-obs-steps" className={ui.sectionTitle}>
            {t("live_media.keys.steps_heading")}
          </h2>
          <ol className={css.steps}>
            <li>{t("live_media.keys.step_service")}</li>
            <li>{t("live_media.keys.step_server")}</li>
            <li>{t("live_media.keys.step_stream")}</li>
            <li>{t("live_media.keys.step_start")}</li>
          </ol>
          <p>
            <a className={css.link} href={`/${lang}/live`}>
              {t("live_media.keys.live_link")}
            </a>
          </p>
        </section>
      </div>
    </main>
  );
}
