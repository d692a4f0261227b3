/**
 * A component rendered to HTML as the server renders a page: under a data router at `url` (so `Link`, `Form` and
 * `useLocation` work) with the language's translations. For tests that compare two renderings of the same markup.
 */
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import type { Language } from "#server/contract/locales";
import { serverI18n } from "~/i18n/i18next.server";

export async function renderPageAt(url: string, lang: Language, page: ReactElement, options: { indexOf?: string } = {}): Promise<string> {
  // indexOf: the page is that path's index route (as `$lang.messenger._index`), which Remix's forms post to with `?index`.
  const handler = createStaticHandler(
    options.indexOf
      ? [{ path: options.indexOf, children: [{ index: true, element: page }] }]
      : [
          { path: "/:lang/*", element: page },
          { path: "*", element: page },
        ],
  );
  const context = await handler.query(new Request(`http://velora.test${url}`));
  if (context instanceof Response) throw new Error("unexpected redirect");
  return renderToString(
    <I18nextProvider i18n={serverI18n(lang)}>
      <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
    </I18nextProvider>,
  );
}
