/** The profile action forms rendered as p/{username} renders them: German, under the profile route (they read its params). */
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { Route, Routes } from "react-router-dom";
import { StaticRouter } from "react-router-dom/server";
import { serverI18n } from "~/i18n/i18next.server";

/** The markup of `node` on /de/p/lena. */
export function renderOnProfilePage(node: JSX.Element): string {
  return renderToStaticMarkup(
    <I18nextProvider i18n={serverI18n("de")}>
      <StaticRouter location="/de/p/lena">
        <Routes>
          <Route path="/:lang/p/:username" element={node} />
        </Routes>
      </StaticRouter>
    </I18nextProvider>,
  );
}
