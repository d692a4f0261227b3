import { isRouteErrorResponse, Link, useParams, useRouteError, type ErrorResponse } from "@remix-run/react";
import type { ReactNode } from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { isLanguage } from "#server/contract/locales";
import * as ui from "~/styles/ui.css";

/** What a route shows for one status instead of the general page (e.g. a profile's own 404). */
export type StatusHandler = (info: { status: number; error: ErrorResponse; lang: string }) => ReactNode;

/**
 * The error page every route falls back to; copy per status, never a stack trace. A route may handle
 * statuses of its own (`statusHandlers={{ 404: ... }}`); every other status, and every thrown error that
 * is no response (500), gets the general page.
 */
export function GeneralErrorBoundary({ statusHandlers = {} }: { statusHandlers?: Partial<Record<number, StatusHandler>> } = {}) {
  const error = useRouteError();
  const { t } = useTranslation();
  const params = useParams();
  const lang = isLanguage(params.lang) ? params.lang : "de";
  // On the server, entry.server's handleError logged it with the request id; the browser's console gets it here.
  if (!isRouteErrorResponse(error) && typeof document !== "undefined") console.error(error);
  if (isRouteErrorResponse(error)) {
    const handler = statusHandlers[error.status];
    if (handler) return <>{handler({ status: error.status, error, lang })}</>;
  }
  return <ErrorContent status={isRouteErrorResponse(error) ? error.status : 500} homeHref={`/${lang}`} t={t} />;
}

export type ErrorKind = "not_found" | "forbidden" | "bad_request" | "server_error" | "cross_site";

const kindOfStatus = (status: number): ErrorKind =>
  status === 404 ? "not_found" : status === 403 ? "forbidden" : status >= 400 && status < 500 ? "bad_request" : "server_error";

export function ErrorContent({
  status,
  kind = kindOfStatus(status),
  homeHref,
  t,
}: {
  status: number;
  kind?: ErrorKind;
  homeHref: string;
  t: TFunction;
}) {
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
