import { useLocation } from "@remix-run/react";
import { createContext, useContext, useState } from "react";
import { useTranslation } from "react-i18next";
import * as ui from "~/styles/ui.css";

/** Set by entry.server.tsx when an API call timed out while this page's loaders ran. */
export const RenderTimeoutContext = createContext(false);

export const RENDER_TIMEOUT_NOTICE_ID = "render-timeout-notice";

/**
 * "Some content could not be loaded" above a page rendered after an API
 * time-out. The browser has no server flag: while hydrating it finds the
 * notice the server rendered (so both render the same), and drops it once
 * the visitor navigates on, since later pages load afresh.
 */
export function RenderTimeoutNotice() {
  const fromServer = useContext(RenderTimeoutContext);
  const [renderedByServer] = useState(
    () => fromServer || (typeof document !== "undefined" && document.getElementById(RENDER_TIMEOUT_NOTICE_ID) !== null),
  );
  const location = useLocation();
  const [firstKey] = useState(location.key);
  const { t } = useTranslation();
  if (!renderedByServer || location.key !== firstKey) return null;
  return (
    <p id={RENDER_TIMEOUT_NOTICE_ID} className={ui.notice} role="status">
      {t("render_timeout.notice")} <a href={`${location.pathname}${location.search}`}>{t("render_timeout.retry")}</a>
    </p>
  );
}
