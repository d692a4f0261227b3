/**
 * The operator's account commands (ADR 056), against DATABASE_URL (SQLite or PostgreSQL; migrations run first, so
 * they work before the first start):
 *
 *   npm run staff:create -- --username NAME --email ADDRESS --role backend|team [--language de|en|es|pl]
 *     The password is asked twice on the terminal without echo, or taken from STAFF_PASSWORD (scripts, CI).
 *   npm run demo:remove [-- --yes]
 *     Erases every account the demo seed wrote (a deletion's tombstones), so a production start accepts a database
 *     that real members already use.
 *
 * Exit codes: 0 done, 1 refused (the reasons are printed), 2 wrong usage.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { ApiError } from "../api/errors";
import { loadConfig, type AppConfig } from "../config";
import type { ErrorItem } from "../contract/errors";
import { STAFF_ROLE_NAMES } from "../contract/staff";
import { migrateToLatest, openDatabase, type DatabaseHandle } from "../db/index";
import { demoAccountIds, findDemoAccounts } from "../db/seed/index";
import { systemClock } from "../lib/clock";
import { eraseAccount } from "../modules/account/index";
import { allMigrationsFor } from "../modules/index";
import { createStaffAccount } from "../modules/staff/index";

const USAGE = [
  "usage: npm run staff:create -- --username NAME --email ADDRESS --role " + STAFF_ROLE_NAMES.join("|") + " [--language de|en|es|pl]",
  "         (password: asked on the terminal, or STAFF_PASSWORD)",
  "       npm run demo:remove [-- --yes]",
].join("\n");

class UsageError extends Error {}

/** Error items as the English texts members see (locales/en/common.json), with the field each belongs to. */
function describe(items: readonly ErrorItem[]): string {
  let texts: Record<string, unknown> = {};
  try {
    texts = JSON.parse(readFileSync(join(process.cwd(), "locales/en/common.json"), "utf8")) as Record<string, unknown>;
  } catch {
    // Without the locale files the keys themselves are still clear enough.
  }
  return items
    .map((item) => {
      const found = item.key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], texts);
      const text =
        typeof found === "string" ? found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(item.params?.[name] ?? "")) : item.key;
      return `  ${item.source ?? "error"}: ${text}`;
    })
    .join("\n");
}

/** Reads a line from the terminal without showing it (raw mode: no echo, no shell history, not in the process list). */
function askHidden(prompt: string): Promise<string> {
  const stdin = process.stdin;
  process.stdout.write(prompt);
  stdin.setRawMode(true);
  stdin.setEncoding("utf8");
  stdin.resume();
  return new Promise((resolve, reject) => {
    let value = "";
    const finish = () => {
      stdin.off("data", onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stdout.write("\n");
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === "\r" || char === "\n") {
          finish();
          resolve(value);
          return;
        }
        if (char === "\u0003" || char === "\u0004") {
          finish();
          reject(new UsageError("cancelled"));
          return;
        }
        if (char === "\u007f" || char === "\b") value = [...value].slice(0, -1).join("");
        else if (char >= " ") value += char;
      }
    };
    stdin.on("data", onData);
  });
}

async function readPassword(): Promise<string> {
  const fromEnv = process.env.STAFF_PASSWORD;
  if (fromEnv !== undefined) {
    // Not handed on to anything this process might start.
    delete process.env.STAFF_PASSWORD;
    return fromEnv;
  }
  if (!process.stdin.isTTY) throw new UsageError("no terminal to ask for the password on: set STAFF_PASSWORD");
  const password = await askHidden("Password (not shown): ");
  if ((await askHidden("The same password again: ")) !== password) throw new UsageError("the two passwords differ; nothing was created");
  return password;
}

async function withDatabase<T>(work: (handle: DatabaseHandle, config: AppConfig) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const handle = openDatabase(config.databaseUrl);
  try {
    await migrateToLatest(handle, allMigrationsFor);
    return await work(handle, config);
  } finally {
    await handle.close();
  }
}

async function staffCreate(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { username: { type: "string" }, email: { type: "string" }, role: { type: "string" }, language: { type: "string" } },
    strict: true,
  });
  if (!values.username || !values.email || !values.role) throw new UsageError("--username, --email and --role are required");
  const password = await readPassword();
  await withDatabase(async (handle, config) => {
    const created = await createStaffAccount({ db: handle.db, clock: systemClock }, { ...values, password });
    console.info(
      `created ${created.role} account ${created.username} <${created.email}> (id ${created.id}); sign in at ${config.publicUrl}/de/login`,
    );
  });
}

async function demoRemove(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { yes: { type: "boolean" } }, strict: true });
  await withDatabase(async (handle) => {
    const demo = await findDemoAccounts(handle.db);
    if (demo.count === 0) {
      console.info("no demo accounts in this database");
      return;
    }
    console.info(
      `${demo.count} demo account(s) from the demo seed (${demo.usernames.join(", ")}${demo.count > demo.usernames.length ? ", …" : ""})`,
    );
    if (!values.yes) {
      if (!process.stdin.isTTY) throw new UsageError("run again with --yes to erase them");
      const answer = await askHidden('Erase them all (their profiles, photos and sessions; as a deletion does)? Type "yes": ');
      if (answer.trim().toLowerCase() !== "yes") throw new UsageError("nothing was erased");
    }
    const ids = await demoAccountIds(handle.db);
    for (const id of ids) await eraseAccount({ db: handle.db, clock: systemClock }, id);
    console.info(`erased ${ids.length} demo account(s); photo files go with the next start's job runner`);
  });
}

async function main(): Promise<void> {
  const [command, ...args] = process.argv.slice(2);
  try {
    if (command === "staff-create") await staffCreate(args);
    else if (command === "demo-remove") await demoRemove(args);
    else throw new UsageError(`unknown command ${command ?? "(none)"}`);
  } catch (err) {
    if (err instanceof ApiError) {
      console.error(`refused:\n${describe(err.items)}`);
      process.exitCode = 1;
    } else if (err instanceof UsageError || (err instanceof TypeError && "code" in err && String(err.code).startsWith("ERR_PARSE_ARGS"))) {
      console.error(`${err.message}\n${USAGE}`);
      process.exitCode = 2;
    } else throw err;
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
