/**
 * The declared success bodies (server/contract/responses.ts) and their generated JSON schemas: the committed
 * schemas are what the generator makes of today's types, every name a route declares has one, and the OpenAPI
 * document describes those routes' success bodies with them.
 */
import { describe, expect, it } from "vitest";
import committed from "#server/contract/generated/response-schemas.json";
import { createTestRuntime } from "../helpers/runtime";
import { generateResponseSchemas } from "../../scripts/contract-schemas.mjs";

/**
 * Routes whose success body is not declared yet. The list only shrinks: a new route declares its response, and
 * each group that gets its types crosses its routes off (files and streams answer no JSON and stay here).
 */
const UNDECLARED: string[] = [
  "delete /api/v2/settings/email/pending",
  "get /api/v2/backoffice/queue",
  "get /api/v2/dashboard/charts",
  "get /api/v2/definitions/register",
  "get /api/v2/dev/outbox",
  "get /api/v2/media/:key/:variant",
  // A message photo's bytes (a file, ADR 043).
  "get /api/v2/messenger/photos/:key/:variant",
  "get /api/v2/moderation/my",
  "get /api/v2/profiles/:username/avatars",
  "get /api/v2/profiles/:username/detail",
  "get /api/v2/profiles/:username/driving-minutes",
  "get /api/v2/profiles/:username/mini",
  "get /api/v2/profiles/:username/nearby",
  "get /api/v2/profiles/:username/regionbox",
  "get /api/v2/profiles/:username/tags",
  "get /api/v2/profiles/:username/trust-level",
  "get /api/v2/profiles/:username/work-hours",
  "get /api/v2/search/autocomplete",
  "get /api/v2/search/city",
  "get /api/v2/seo/sitemap/profiles",
  "get /api/v2/settings",
  "get /api/v2/settings/date_review_display",
  "get /api/v2/settings/email",
  "get /api/v2/settings/first_contact_filter",
  "get /api/v2/settings/membership",
  "get /api/v2/settings/notifications",
  "get /api/v2/settings/search_visibility",
  "get /api/v2/user/data-export/:id/file",
  "post /api/v2/backoffice/media/:id/accept",
  "post /api/v2/backoffice/media/:id/reject",
  "post /api/v2/backoffice/texts/:id/accept",
  "post /api/v2/backoffice/texts/:id/reject",
  "post /api/v2/batch",
  "post /api/v2/dev/claimable-profiles",
  "post /api/v2/registration/seo-landing-page",
  "post /api/v2/search/filters",
  "post /api/v2/search/personalized",
  "post /api/v2/search/seo",
  "post /api/v2/search/top-ranking",
  "post /api/v2/search/user-and-business",
  "post /api/v2/settings/email/confirm",
  "post /oauth/v2/token",
  "put /api/v2/settings/appearance",
  "put /api/v2/settings/availability",
  "put /api/v2/settings/business_description",
  "put /api/v2/settings/business_schedule",
  "put /api/v2/settings/business_services",
  "put /api/v2/settings/date_review_display",
  "put /api/v2/settings/email",
  "put /api/v2/settings/first_contact_filter",
  "put /api/v2/settings/notifications",
  "put /api/v2/settings/password",
  "put /api/v2/settings/profile",
  "put /api/v2/settings/search_visibility",
  "put /api/v2/settings/services",
];

describe("declared response bodies", () => {
  it("the committed schemas are fresh (npm run contract:schemas)", () => {
    expect(JSON.parse(generateResponseSchemas() as string)).toEqual(committed);
  }, 60_000);

  it("new routes declare their response; the undeclared list only shrinks", async () => {
    const rt = await createTestRuntime();
    try {
      const undeclared = rt.api.routes
        .filter((r) => !r.spec.response)
        .map((r) => `${r.spec.method} ${r.fullPath}`)
        .sort();
      expect(undeclared).toEqual(UNDECLARED);
    } finally {
      await rt.close();
    }
  });

  it("every declared response has a schema, and the OpenAPI document uses it", async () => {
    const rt = await createTestRuntime();
    try {
      const doc = (await (await rt.request("/api/v2/openapi.json")).json()) as {
        paths: Record<
          string,
          Record<string, { responses: Record<string, { content?: Record<string, { schema: { properties: { data: unknown } } }> }> }>
        >;
      };
      const declared = rt.api.routes.filter((r) => r.spec.response);
      expect(declared.length).toBeGreaterThan(0);
      for (const { fullPath, spec } of declared) {
        const name = spec.response!;
        expect(Object.keys(committed.bodies), name).toContain(name);
        const op = doc.paths[fullPath.replace(/:([A-Za-z_]+)/g, "{$1}")]![spec.method]!;
        const success = Object.entries(op.responses).find(([status]) => Number(status) < 300)![1];
        expect(success.content?.["application/json"]?.schema.properties.data, `${spec.method} ${fullPath}`).toEqual(
          (committed.bodies as Record<string, unknown>)[name],
        );
      }
    } finally {
      await rt.close();
    }
  });
});
