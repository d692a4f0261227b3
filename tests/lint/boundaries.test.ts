/**
 * The lint rules that guard the seam between the tiers and the modules' public files (issue 8 items 1 and 3),
 * run through ESLint's Node API with the project's own eslint.config.js on sources that exist only in memory:
 * each rule must fire on every spelling of what it forbids, and stay quiet on the allowed form.
 */
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: process.cwd() });

/** What fires on `code` as if it were the file at `filePath`: the rule id with its line, and the message. */
async function findings(filePath: string, code: string): Promise<{ at: string; message: string }[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => ({
    at: `${message.line}:${message.ruleId ?? message.message}`,
    message: message.message,
  }));
}

/** The rule ids (with their line) that fire on `code` as if it were the file at `filePath`. */
async function firing(filePath: string, code: string): Promise<string[]> {
  return (await findings(filePath, code)).map(({ at }) => at);
}

// Both import boundaries are policies of one eslint-plugin-boundaries rule (ADR 055); the message tells them apart.
const WEB_TIER_MESSAGE = /^The web tier talks to the API through app\/api/;
const MODULE_MESSAGE = /^Import the \w+ module only through its public file/;
const UNRESOLVED_MESSAGE = /^Import a file that exists/;

const ROUTE = "app/features/scratch/loader.server.ts";
const CLIENT = 'import type { ApiClient as Client } from "~/api/client.server";\n';

describe("no hand-typed API call outside app/api (issue 8 item 1)", () => {
  it.each([
    ["a client under any name", "export const load = (client: Client, path: string) => client.call<{ id: number }>(path);"],
    ["a computed method name", 'export const load = (client: Client, path: string) => client["call"]<{ id: number }>(path);'],
    ["a destructured call", "export const load = ({ call }: Client, path: string) => call<{ id: number }>(path);"],
    ["a typed batch", "export const load = (client: Client, path: string) => client.batch<{ a: number }>({ a: { endpoint: path } });"],
    ["a raw call", "export const load = (client: Client, path: string) => client.raw(path);"],
    ["the client named api, untyped", "export const load = (api: Client, path: string) => api.call(path);"],
  ])("fires on %s", async (_, code) => {
    expect(await firing(ROUTE, CLIENT + code)).toEqual(["2:no-restricted-syntax"]);
  });

  it("fires on an /api/v2 path", async () => {
    expect(await firing(ROUTE, 'export const PATH = "/api/v2/users/me";')).toEqual(["1:no-restricted-syntax"]);
  });

  it("lets a route call an endpoint module, and use Function.prototype.call", async () => {
    const code = `${CLIENT}import { fetchAccountState } from "~/api/account.server";\nexport const load = (client: Client, f: (n: number) => void) => [fetchAccountState(client), f.call(null, 1)];`;
    expect(await firing(ROUTE, code)).toEqual([]);
  });
});

describe("every call in app/ names an operation descriptor, endpoint modules included (issue 24 item 2)", () => {
  const MODULE = "app/api/scratch.server.ts";
  const TYPES = 'import type { AccountDeleted } from "#server/contract/settings";\n';

  it.each([
    ["a string path", 'export const remove = (client: Client) => client.call<AccountDeleted>("/api/v2/account", { method: "DELETE" });'],
    ["a template path", "export const remove = (client: Client, id: number) => client.call<AccountDeleted>(`/api/v2/account/${id}`);"],
    [
      "a template that starts with a constant",
      "const BASE = String(1);\nexport const remove = (client: Client) => client.call<AccountDeleted>(`${BASE}/account`);",
    ],
    ["a computed method name", 'export const remove = (client: Client) => client["call"]<AccountDeleted>("/account");'],
    ["a destructured call", 'export const remove = ({ call }: Client) => call<AccountDeleted>("/account");'],
    ["a typed batch", 'export const all = (client: Client) => client.batch<{ a: AccountDeleted }>("/batch");'],
  ])("fires on a typed call with %s in an endpoint module", async (_, code) => {
    const fired = await findings(MODULE, CLIENT + TYPES + code);
    expect(fired.map(({ message }) => message)).toContainEqual(expect.stringMatching(/^Name the operation's descriptor/));
  });

  it("fires on an API path written in an endpoint module", async () => {
    expect(await firing(MODULE, 'export const PATH = "/api/v2/users/me";')).toEqual(["1:no-restricted-syntax"]);
    expect(await firing(MODULE, "export const path = (id: number) => `/oauth/v2/token/${id}`;")).toEqual(["1:no-restricted-syntax"]);
  });

  it("lets an endpoint module call the client with a descriptor", async () => {
    const code = `${CLIENT}import { accountOps } from "#server/contract/operations/account";\nexport const remove = (client: Client) => client.op(accountOps.cancelDeletion, { handleErrors: true });`;
    expect(await firing(MODULE, code)).toEqual([]);
  });

  it("still refuses a typed call with a path in the browser's chunked upload client, whose fetch may name its path", async () => {
    const code = "export const url = (origin: string) => `${origin}/api/v2/media/upload/chunked`;";
    expect(await firing("app/api/media-chunked.ts", code)).toEqual([]);
    expect(await firing("app/api/media-chunked.ts", `${CLIENT}export const f = (c: Client) => c.call<number>("/api/v2/x");`)).toEqual([
      "2:no-restricted-syntax",
    ]);
  });
});

describe("the web tier never imports the API's database, modules or internals (issue 8 item 3)", () => {
  it.each([
    ["the #server alias", 'import { createDb } from "#server/db/index";'],
    ["a relative path that climbs into server/db", 'import { createDb } from "../../../../server/db";'],
    ["a relative path into server/modules", 'import { resolveAccessToken } from "../../../../server/modules/auth/index";'],
    ["a relative path into server/api", 'import { createApi } from "../../../../server/api/app";'],
    ["the ~ alias climbing out of app", 'import { createDb } from "~/../server/db/index";'],
    ["a re-export", 'export { createDb } from "#server/db/index";'],
    ["a type-only import", 'import type { DB } from "#server/db/index";'],
    ["a dynamic import", 'export const load = () => import("#server/modules/auth/index");'],
    ["an import type", 'export type Db = import("#server/db/index").DB;'],
    ["other server code (lib)", 'import { createTtlCache } from "#server/lib/ttl-cache";'],
    ["other server code (realtime)", 'import { createInProcessBus } from "../../../../server/realtime/bus";'],
    ["the host, outside app/load-context.ts", 'import { createHost } from "#server/host";'],
  ])("fires on %s", async (_, code) => {
    expect(await findings("app/features/scratch/deep/view.ts", code)).toContainEqual({
      at: "1:boundaries/dependencies",
      message: expect.stringMatching(WEB_TIER_MESSAGE),
    });
  });

  it("lets app/load-context.ts, the one exception, name the host's load-context type", async () => {
    expect(
      await firing("app/load-context.ts", 'import type { HostLoadContext } from "#server/host";\nexport type { HostLoadContext };'),
    ).toEqual([]);
  });

  it("lets the web tier import the contract, by alias or relative path", async () => {
    const code =
      'import type { AccountDeleted } from "#server/contract/settings";\nimport { DEFAULT_LANGUAGE } from "../../../../server/contract/locales";\nexport type { AccountDeleted };\nexport { DEFAULT_LANGUAGE };';
    expect(await firing("app/features/scratch/deep/view.ts", code)).toEqual([]);
  });
});

describe("a module is used only through its public file, index.ts (issue 8 item 3)", () => {
  it.each([
    ["a sibling module's file", "server/modules/seo/scratch.ts", 'import { a } from "../search/service";', MODULE_MESSAGE],
    // No module has a subfolder yet, so this target does not exist: the rule judges resolved files, and refuses an
    // import it cannot resolve rather than letting it pass unjudged.
    ["a file in a sibling's subfolder", "server/modules/seo/scratch.ts", 'import { a } from "../search/sub/file";', UNRESOLVED_MESSAGE],
    ["the #server alias", "server/modules/seo/scratch.ts", 'import { a } from "#server/modules/search/service";', MODULE_MESSAGE],
    [
      "a path that climbs out of modules and back",
      "server/modules/seo/scratch.ts",
      'import { a } from "../../modules/search/service";',
      MODULE_MESSAGE,
    ],
    ["the realtime hub", "server/realtime/scratch.ts", 'import { a } from "../modules/auth/tokens";', MODULE_MESSAGE],
    ["the API host", "server/api/scratch.ts", 'import { a } from "../modules/auth/tokens";', MODULE_MESSAGE],
    ["the seed", "server/db/seed/scratch.ts", 'import { a } from "../../modules/media/images";', MODULE_MESSAGE],
  ])("fires on %s", async (_, filePath, code, message) => {
    const found = await findings(filePath, `${code}\nexport { a };`);
    expect(found.map(({ at }) => at)).toEqual(["1:boundaries/dependencies"]);
    expect(found[0]?.message).toMatch(message);
  });

  it("lets a module use its own files and another's index.ts or folder", async () => {
    const code =
      'import { a } from "./service";\nimport { b } from "../search/index";\nimport { c } from "../search";\nimport { d } from "#server/modules/auth/index";\nexport { a, b, c, d };';
    expect(await firing("server/modules/seo/scratch.ts", code)).toEqual([]);
  });

  it("lets the seed use a module's index.ts", async () => {
    expect(await firing("server/db/seed/scratch.ts", 'import { a } from "../../modules/media/index";\nexport { a };')).toEqual([]);
  });
});
