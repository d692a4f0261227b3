import { describe, expect, it } from "vitest";
import { MESSENGER_LINK_DOMAINS, isWhitelistedLink, messageParts } from "#server/contract/messenger";

/** Spec section 9: eight whitelisted link domains; a message shows links only to them, everything else as text. */
describe("links in messages", () => {
  it("names eight domains", () => {
    expect(MESSENGER_LINK_DOMAINS).toHaveLength(8);
    expect(new Set(MESSENGER_LINK_DOMAINS).size).toBe(8);
  });

  it.each(MESSENGER_LINK_DOMAINS)("links %s, its subdomains, over https and http", (domain) => {
    for (const href of [`https://${domain}`, `https://${domain}/a?b=c#d`, `http://www.${domain}/x`, `https://${domain.toUpperCase()}/`])
      expect(isWhitelistedLink(href), href).toBe(true);
    expect(messageParts(`Schau: https://${domain}/info.`)).toEqual([
      { kind: "text", text: "Schau: " },
      { kind: "link", text: `https://${domain}/info`, href: `https://${domain}/info` },
      { kind: "text", text: "." },
    ]);
  });

  it.each([
    ["another site", "https://evil.example/x"],
    ["a lookalike that ends in a listed name", `https://not${MESSENGER_LINK_DOMAINS[0]}/`],
    ["a listed name as a subdomain of another site", `https://${MESSENGER_LINK_DOMAINS[0]}.evil.example/`],
    ["a listed name as user info", `https://${MESSENGER_LINK_DOMAINS[0]}@evil.example/`],
    ["another scheme", `javascript://${MESSENGER_LINK_DOMAINS[0]}/%0aalert(1)`],
    ["ftp", `ftp://${MESSENGER_LINK_DOMAINS[0]}/`],
  ])("keeps %s as text", (_what, href) => {
    expect(isWhitelistedLink(href)).toBe(false);
    const text = `siehe ${href} bitte`;
    expect(messageParts(text).every((part) => part.kind === "text")).toBe(true);
    expect(
      messageParts(text)
        .map((part) => part.text)
        .join(""),
    ).toBe(text);
  });
});
