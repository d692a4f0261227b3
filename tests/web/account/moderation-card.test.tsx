/**
 * The dashboard's moderation card (issue 10 item 1, ADR 030): what of the member's own waits or was refused,
 * counted in the page's language, each row a link to where the member sees it in full (the gallery, the
 * texts' settings page). The e2e test covers the waiting case with the seed; this one the refusals.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { Route, Routes } from "react-router-dom";
import { StaticRouter } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import type { Language } from "#server/contract/locales";
import { ModerationCard, type DashboardProps } from "~/features/account/DashboardPage";
import { serverI18n } from "~/i18n/i18next.server";

function render(moderation: NonNullable<DashboardProps["moderation"]>, lang: Language = "de") {
  return renderToStaticMarkup(
    <I18nextProvider i18n={serverI18n(lang)}>
      <StaticRouter location={`/${lang}/my_dashboard`}>
        <Routes>
          <Route path="/:lang/my_dashboard" element={<ModerationCard moderation={moderation} />} />
        </Routes>
      </StaticRouter>
    </I18nextProvider>,
  );
}

describe("ModerationCard", () => {
  it("names refused photos and a refused text with its reason, linking to the gallery and the text's page", () => {
    const html = render({
      texts: [
        { field: "description", status: 2, reason: "contact_details" },
        { field: "status", status: 0, reason: null },
      ],
      mediaPending: 0,
      mediaRejected: 2,
    });
    expect(html).toContain("2 Fotos nicht freigegeben – Gründe in der Galerie");
    expect(html).toContain('href="/de/user/media_gallery"');
    expect(html).toContain("Beschreibung: nicht freigegeben. Grund: Kontaktdaten");
    expect(html).toContain("Status-Text: wird geprüft.");
    expect(html).toContain('href="/de/user/status_description"');
    expect(html).not.toContain("wird geprüft</a>"); // no waiting photos: no such row
  });

  it("counts in the page's language, with Polish plural forms", () => {
    expect(render({ texts: [], mediaPending: 1, mediaRejected: 0 }, "en")).toContain("1 photo is being reviewed");
    expect(render({ texts: [], mediaPending: 3, mediaRejected: 0 }, "pl")).toContain("3 zdjęcia są sprawdzane");
    expect(render({ texts: [], mediaPending: 5, mediaRejected: 0 }, "pl")).toContain("5 zdjęć jest sprawdzanych");
    expect(render({ texts: [], mediaPending: 5, mediaRejected: 0 }, "pl")).toContain('href="/pl/user/media_gallery"');
  });
});
