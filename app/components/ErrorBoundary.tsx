import { isRouteErrorResponse, Link, useParams, useRouteError } from "@remix-run/react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { isLanguage } from "#server/contract/locales";
import * as ui from "~/styles/ui.css";

/** The error page every route falls back to; copy per status, never a stack trace. */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const params = useParams();
  const lang = isLanguage(params.lang) ? params.lang : "de";
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error)) console.error(error);
  return <ErrorContent status={status} homeHref={`/${lang}`} t={t} />;
}

export function ErrorContent({ status, homeHref, t }: { status: number; homeHref: string; t: TFunction }) {
  const kind = status === 404 ? "not_found" : status === 403 ? "forbidden" : status >= 400 && status < 500 ? "bad_request" : "server_error";
  return (
    <main className={ui.narrow} data-error-status={status}>
      <div className={ui.card}>
        <h1>{t(`error_page.${kind}.title`)}</h1>
        <p>{t(`error_page.${kind}.text`)}</p>
        <p className={ui.muted}>{t("error_page.code", { code: status })}</p>
        <Link className={ui.button} to={homeHref}>
          {t("error_page.home")}
        </Link>
      </div>
    </main>
  );
}
