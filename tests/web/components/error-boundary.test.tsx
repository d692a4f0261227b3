/**
 * Issue 8 item 2: one error boundary for every route, with handlers per status: a route may answer a status
 * its own way, every other status and every error that is no response get the general, translated page.
 */
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { serverI18n } from "~/i18n/i18next.server";

async function renderThrowing(thrown: unknown, boundary: JSX.Element): Promise<string> {
  const routes = [
    {
      path: "/:lang/x",
      loader: () => {
        throw thrown;
      },
      element: <p>page</p>,
      errorElement: boundary,
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request("http://velora.test/de/x"));
  if (context instanceof Response) throw new Error("unexpected redirect");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <I18nextProvider i18n={serverI18n("de")}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </I18nextProvider>,
  );
}

describe("GeneralErrorBoundary", () => {
  const ownNotFound = <GeneralErrorBoundary statusHandlers={{ 404: ({ lang }) => <p data-own>{`eigene 404 (${lang})`}</p> }} />;

  it("lets a route answer a status its own way", async () => {
    const html = await renderThrowing(new Response(null, { status: 404 }), ownNotFound);
    expect(html).toContain("eigene 404 (de)");
  });

  it("gives every other status the general page with that status", async () => {
    const html = await renderThrowing(new Response(null, { status: 403 }), ownNotFound);
    expect(html).toContain('data-error-status="403"');
    expect(html).not.toContain("eigene 404");
  });

  it("treats an error that is no response as 500, with no details", async () => {
    const html = await renderThrowing(new Error("database password is hunter2"), <GeneralErrorBoundary />);
    expect(html).toContain('data-error-status="500"');
    expect(html).not.toContain("hunter2");
  });
});
