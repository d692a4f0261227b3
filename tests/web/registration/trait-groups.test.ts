/**
 * ADR 161: a join or settings page gets the trait groups of the forms it shows from its loader, not the whole catalog
 * as code. Every group a step form renders must be among them (else its fieldset renders nothing), with the
 * catalog's options, and no group of another step rides along.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { findTraitGroup } from "#server/contract/trait-catalog";
import { STEP_SCHEMAS, traitGroupsOfForms } from "~/features/registration/step-forms";

/** The trait groups a step component names in its source (`group="…"` or its list of groups). */
function groupsRenderedBy(file: string): string[] {
  const source = readFileSync(`app/features/registration/${file}`, "utf8");
  const named = [...source.matchAll(/group="([a-z_]+)"/g), ...source.matchAll(/^\s+"([a-z_]+)",$/gm)].map((m) => m[1]!);
  return [...new Set(named)].filter((key) => findTraitGroup(key));
}

const cases = [
  { audience: "user", step: "profile", file: "ProfileStep.tsx" },
  { audience: "user", step: "appearance", file: "AppearanceStep.tsx" },
  { audience: "user", step: "services", file: "ServicesStep.tsx" },
  { audience: "business", step: "services", file: "BusinessSteps.tsx" },
] as const;

describe("traitGroupsOfForms", () => {
  for (const { audience, step, file } of cases) {
    it(`sends every group the ${audience} ${step} step renders, with the catalog's options`, () => {
      const shown = traitGroupsOfForms([STEP_SCHEMAS[audience][step]!]);
      const rendered = groupsRenderedBy(file);
      expect(rendered.length).toBeGreaterThan(0);
      expect(Object.keys(shown).sort()).toEqual(rendered.sort());
      for (const key of rendered) {
        const group = findTraitGroup(key)!;
        expect(shown[key]).toEqual({ choice: group.choice, categories: group.categories, options: group.options });
      }
    });
  }

  it("sends nothing for a step without trait groups and the union for a page of several forms", () => {
    expect(traitGroupsOfForms([STEP_SCHEMAS.user.availability!])).toEqual({});
    const both = traitGroupsOfForms([STEP_SCHEMAS.user.profile!, STEP_SCHEMAS.user.appearance!]);
    expect(Object.keys(both)).toEqual(expect.arrayContaining(["nationality", "figure_type"]));
    expect(both).not.toHaveProperty("escort_service");
  });
});
