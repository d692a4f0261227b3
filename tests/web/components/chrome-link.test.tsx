/**
 * ADR 159: the server renders the chrome's links as plain anchors (app/components/chrome-link.server.tsx) and the
 * browser renders Remix's `Link`/`NavLink`; hydration needs the two to be the same markup. Every link of the header,
 * the e-mail notice, the bell and the footer is rendered both ways — each language, guest and members (with and
 * without counts, dates, dollars, staff), on the pages each link makes current — and the HTML must be equal.
 */
import { Link, NavLink } from "@remix-run/react";
import type { ReactElement } from "react";
import { afterAll, describe, expect, it, vi } from "vitest";
import { SUPPORTED_LANGUAGES } from "#server/contract/locales";
import { USER_TYPE } from "#server/contract/users";
import type { Viewer } from "~/api/viewer.server";
import type * as SiteChromeModule from "~/components/SiteChrome";
import { renderPageAt } from "../../helpers/static-page";

type Chrome = typeof SiteChromeModule;

function chromeOf({ SiteHeader, SiteFooter, EmailVerificationNotice }: Chrome, viewer: Viewer | null, searchHome: string | null) {
  return (
    <>
      <SiteHeader viewer={viewer} searchHome={searchHome} />
      <EmailVerificationNotice viewer={viewer} />
      <SiteFooter />
    </>
  );
}

function member(userType: number, counts: boolean): Viewer {
  const latest = counts
    ? [1, 2, 3].map((id) => ({
        id,
        event: "favorite_added",
        params: {},
        actor: { displayName: `m${id}` },
        readAt: id === 3 ? 5 : null,
        createdAt: 1_795_000_000_000 + id,
      }))
    : [];
  return {
    profile: { userType },
    mustVerifyEmail: counts,
    messenger: { unreadMessages: counts ? 120 : 0 },
    dates: { waiting: counts ? 2 : 0 },
    dollars: counts ? { available: 1234 } : null,
    notifications: { unread: counts ? 2 : 0, latest },
  } as unknown as Viewer;
}

const VIEWERS: Array<[string, Viewer | null, string | null]> = [
  ["guest", null, null],
  ["client with counts and dollars", member(USER_TYPE.client, true), "escorts/berlin?sort=new"],
  ["client without counts", member(USER_TYPE.client, false), null],
  ["escort", member(USER_TYPE.escort, true), null],
  ["staff", member(USER_TYPE.team, false), "escorts"],
];

// Pages that make each header link current, one below a section, a differently cased one, one with a search.
const PAGES = [
  "",
  "/escorts",
  "/escorts/berlin",
  "/Escorts",
  "/escortsx",
  "/agenturen-clubs",
  "/newsfeed",
  "/live",
  "/about/magazine",
  "/backoffice/users",
  "/messenger",
  "/my_date",
  "/my_dashboard",
  "/my_notification",
  "/dollar",
  "/about/rules",
  "/login?r=%2Fde%2Fescorts",
];

// The chrome as the browser build has it: chrome-link.server.tsx is an empty module there (its names undefined).
vi.doMock("~/components/chrome-link.server", () => ({ PlainLink: undefined, PlainNavLink: undefined }));
vi.resetModules();
const browserChrome: Chrome = await import("~/components/SiteChrome");
vi.doUnmock("~/components/chrome-link.server");
vi.resetModules();
const serverChrome: Chrome = await import("~/components/SiteChrome");
const chromeLink = await import("~/components/chrome-link");
const { PlainLink, PlainNavLink } = await import("~/components/chrome-link.server");

afterAll(() => vi.resetModules());

describe("the chrome's links on the server", () => {
  it("are the plain ones on the server", () => {
    expect(chromeLink.ChromeLink).toBe(PlainLink);
    expect(chromeLink.ChromeNavLink).toBe(PlainNavLink);
  });

  for (const lang of SUPPORTED_LANGUAGES) {
    for (const [who, viewer, searchHome] of VIEWERS) {
      it(`render the header, notice, bell and footer exactly as Remix's links do (${lang}, ${who})`, async () => {
        for (const page of PAGES) {
          const url = `/${lang}${page}`;
          const expected = await renderPageAt(url, lang, chromeOf(browserChrome, viewer, searchHome));
          const actual = await renderPageAt(url, lang, chromeOf(serverChrome, viewer, searchHome));
          expect(actual, url).toBe(expected);
          expect(expected).toContain('data-discover="true"');
        }
      });
    }
  }

  it("mark the current section as NavLink does, and leave unusual paths to Remix", async () => {
    type Make = (to: string, className: string | undefined) => ReactElement;
    const cases: Array<[Make, Make]> = [
      [
        (to, className) => (
          <PlainNavLink to={to} className={className}>
            x
          </PlainNavLink>
        ),
        (to, className) => (
          <NavLink to={to} className={className}>
            x
          </NavLink>
        ),
      ],
      [
        (to, className) => (
          <PlainLink to={to} className={className}>
            x
          </PlainLink>
        ),
        (to, className) => (
          <Link to={to} className={className}>
            x
          </Link>
        ),
      ],
    ];
    const targets = [
      "/",
      "/de",
      "/de/",
      "/de/escorts/",
      "/de/Escorts",
      "/de/escorts#top",
      "/de/escorts?x=1",
      "/de/./x",
      "/de/../x",
      "/de//x",
      "/de/ä",
      "/de/a b",
      "/de/escorts?",
      "/de/escorts#",
    ];
    const locations = ["/", "/de", "/de/escorts", "/de/escorts/", "/de/escorts/berlin", "/DE/ESCORTS", "/de/x"];
    let compared = 0;
    for (const [plain, remix] of cases) {
      for (const here of locations) {
        for (const to of targets) {
          for (const className of [undefined, "", "c"]) {
            const expected = await renderPageAt(here, "de", remix(to, className));
            const actual = await renderPageAt(here, "de", plain(to, className));
            expect(actual, `${to} at ${here} (${String(className)})`).toBe(expected);
            compared += 1;
          }
        }
      }
    }
    expect(compared).toBe(2 * 7 * 14 * 3);
  });
});
