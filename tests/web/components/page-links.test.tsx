/**
 * ADR 173: the dashboard, the messenger's thread list and the favorites list render their links with `ChromeLink`
 * (plain anchors on the server, app/components/chrome-link.server.tsx; Remix's `Link` in the browser, where that
 * module is empty); ADR 178: the thread list's forms with `PlainForm` the same way (plain-form.server.tsx). Hydration needs the two to be the same markup, so each page is rendered both ways — every
 * language, the kinds of member and states that show each of its links — and the HTML must be equal.
 */
import type { ReactElement } from "react";
import { afterAll, describe, expect, it, vi } from "vitest";
import { SUPPORTED_LANGUAGES, type Language } from "#server/contract/locales";
import { USER_TYPE } from "#server/contract/users";
import type { ThreadListData } from "~/api/messenger.server";
import type { UserListData } from "~/api/favorites.server";
import type { Viewer } from "~/api/viewer.server";
import type * as DashboardModule from "~/features/account/DashboardPage";
import type * as ThreadsModule from "~/features/messenger/ThreadsPage";
import type * as UserListModule from "~/features/favorites/UserListPage";
import { renderPageAt } from "../../helpers/static-page";

interface Pages {
  dashboard: typeof DashboardModule;
  threads: typeof ThreadsModule;
  userList: typeof UserListModule;
}

async function importPages(): Promise<Pages> {
  return {
    dashboard: await import("~/features/account/DashboardPage"),
    threads: await import("~/features/messenger/ThreadsPage"),
    userList: await import("~/features/favorites/UserListPage"),
  };
}

// The pages as the browser build has them: chrome-link.server.tsx and plain-form.server.tsx (ADR 178) are empty
// modules there (their names undefined).
vi.doMock("~/components/chrome-link.server", () => ({ PlainLink: undefined, PlainNavLink: undefined }));
vi.doMock("~/components/plain-form.server", () => ({ ServerForm: undefined }));
vi.resetModules();
const browser = await importPages();
vi.doUnmock("~/components/chrome-link.server");
vi.doUnmock("~/components/plain-form.server");
vi.resetModules();
const server = await importPages();

afterAll(() => vi.resetModules());

function viewer(userType: number, more: { status?: string; emailVerified?: boolean; plus?: boolean; dates?: number } = {}): Viewer {
  return {
    id: 7,
    username: "max_7",
    email: "max@example.test",
    status: more.status ?? "active",
    isEmailVerified: more.emailVerified ?? true,
    profile: { userType, displayName: "Max" },
    entitlements: { plus: more.plus ?? false },
    dates: { waiting: more.dates ?? 0, needsConfirmation: more.dates ?? 0, needsReview: more.dates ? 1 : 0 },
  } as unknown as Viewer;
}

type DashboardProps = DashboardModule.DashboardProps;

const COMPLETENESS: DashboardProps["completeness"] = {
  percent: 40,
  items: [
    { key: "photo", page: "photo", done: false },
    { key: "description", page: "status_description", done: true },
  ] as unknown as NonNullable<DashboardProps["completeness"]>["items"],
  next: { key: "photo", page: "photo", done: false } as unknown as NonNullable<DashboardProps["completeness"]>["next"],
};

const DASHBOARDS: Array<[string, DashboardProps]> = [
  [
    "client, paused, e-mail open, with consent and dates",
    {
      viewer: viewer(USER_TYPE.client, { status: "paused", emailVerified: false, dates: 2 }),
      completeness: COMPLETENESS,
      photoPath: "join/user/photo",
      settingsGroups: [{ key: "profile_appearance", items: ["status_description", "service_prices"] }] as DashboardProps["settingsGroups"],
      phoneVerified: false,
      ageCheck: "pending",
      specialConsentSince: "1. Dez. 2026",
      withdrawn: true,
      moderation: { texts: [{ field: "description", status: 2, reason: "terms" }], mediaPending: 1, mediaRejected: 1 },
      charts: null,
    },
  ],
  [
    "escort, plus, everything done",
    {
      viewer: viewer(USER_TYPE.escort, { plus: true }),
      completeness: { ...COMPLETENESS, percent: 100, next: null },
      photoPath: "join/user/photo",
      settingsGroups: [{ key: "account_membership", items: ["email_password", "membership"] }] as DashboardProps["settingsGroups"],
      phoneVerified: true,
      ageCheck: "verified",
      specialConsentSince: null,
      withdrawn: false,
      moderation: null,
      charts: null,
    },
  ],
  [
    "staff",
    {
      viewer: viewer(USER_TYPE.team),
      completeness: null,
      photoPath: "join/user/photo",
      settingsGroups: [],
      phoneVerified: null,
      ageCheck: "init",
      specialConsentSince: null,
      withdrawn: false,
      moderation: null,
      charts: null,
    },
  ],
];

function thread(id: number, partner: string, unread: number, folder: ThreadListData["folder"]): ThreadListData["items"][number] {
  return {
    threadId: id,
    partner: { userId: id + 100, username: partner, displayName: partner ? `${partner}!` : "", userType: 2, onlineStatus: 1, avatar: null },
    state: partner ? "normal" : "deleted",
    folder,
    unreadCount: unread,
    lastMessage: { id: id * 10, mine: unread === 0, preview: "Hallo", photoCount: 0, actionType: 0, createdAt: 1_795_000_000_000 },
    updatedAt: 1_795_000_000_000,
  };
}

function threadList(folder: ThreadListData["folder"], page: number): ThreadListData {
  return {
    folder,
    items: [thread(1, "anna", 2, folder), thread(2, "", 0, folder)],
    page,
    pageSize: 20,
    total: 45,
    counts: { unreadThreads: 1, requests: 3, hidden: 0 },
  };
}

function userList(total: number, locked = false): UserListData {
  return {
    type: 1,
    items: [],
    locked,
    total,
    pageNo: 1,
    pageSize: 12,
    facets: { figureType: [], raceType: [] },
    cities: [],
    limit: 1000,
  };
}

async function same(url: string, lang: Language, make: (pages: Pages) => ReactElement, indexOf?: string) {
  const expected = await renderPageAt(url, lang, make(browser), { indexOf });
  const actual = await renderPageAt(url, lang, make(server), { indexOf });
  expect(actual, url).toBe(expected);
  expect(expected).toContain('data-discover="true"');
  return expected;
}

describe("the pages' links on the server", () => {
  for (const lang of SUPPORTED_LANGUAGES) {
    it(`render the dashboard exactly as Remix's links do (${lang})`, async () => {
      for (const [, props] of DASHBOARDS) {
        await same(`/${lang}/my_dashboard`, lang, ({ dashboard }) => <dashboard.DashboardPage {...props} />);
      }
    });

    it(`render the thread list exactly as Remix's links and forms do (${lang})`, async () => {
      for (const folder of ["inbox", "requests", "hidden"] as const) {
        for (const page of [1, 2]) {
          const url = `/${lang}/messenger?folder=${folder}${page > 1 ? `&page=${page}` : ""}&q=an&done=read`;
          // The list is the index route of messenger (its forms post to `?index`, ADR 178), and any route's child.
          for (const indexOf of ["/:lang/messenger", undefined]) {
            const html = await same(
              url,
              lang,
              ({ threads }) => (
                <threads.ThreadsPage
                  viewerId={7}
                  list={threadList(folder, page)}
                  done={null}
                  refused={null}
                  q="an"
                  matches={[{ username: "anna", displayName: "Anna" }]}
                />
              ),
              indexOf,
            );
            expect(html).toContain(`href="/${lang}/messenger/anna#compose"`);
            // The search and every entry's forms (read or unread, hide or restore, delete; accept and decline in
            // requests) post where Remix's Form would: for the index route the page's address with `?index` first.
            const actions = [...html.matchAll(/<form method="(?:get|post)" action="([^"]*)"/g)].map((match) => match[1]);
            expect(actions, url).toHaveLength(1 + 2 * (folder === "requests" ? 5 : 3));
            const query = `folder=${folder}${page > 1 ? `&amp;page=${page}` : ""}&amp;q=an&amp;done=read`;
            if (indexOf) expect(new Set(actions), url).toEqual(new Set([`/${lang}/messenger?index&amp;${query}`]));
          }
        }
      }
    });

    it(`render the favorites list exactly as Remix's links do (${lang})`, async () => {
      for (const [list, query] of [
        [userList(0), "type=1"],
        [userList(3, true), "type=2"],
        [userList(0), "type=1&gender=1"],
      ] as const) {
        await same(`/${lang}/favorite?${query}`, lang, ({ userList: module }) => (
          <module.UserListPage
            group="favorites"
            title="Favoriten"
            url={{ type: query.startsWith("type=2") ? 2 : 1, page: 1, filters: query.includes("gender") ? { gender: [1] } : {}, query }}
            list={list}
          />
        ));
      }
    });
  }
});
