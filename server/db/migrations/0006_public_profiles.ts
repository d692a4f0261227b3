import { sql, type Kysely } from "kysely";
import { type Dialect, idColumn } from "../dialect";

/**
 * What the public face (issue 4) needs beyond the profile data model:
 * - profiles.members_only: the owner shows the profile to signed-in members
 *   only; guests get a sign-up prompt (spec section 6);
 * - blocks: block relations (spec section 7 "block" group, limit 500 per
 *   blocker, section 5). A relation hides each side from the other in search
 *   and on profile pages, both ways;
 * - landing_pages: SEO landing pages lp/{shortUrl}; url_detail is the JSON
 *   list of {name, value, active} items the spec describes (the item named
 *   user_type holds client or escort). A few pages are seeded here because no
 *   admin tool exists yet; they are reference content, not demo people, so a
 *   demo reset keeps them.
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .alterTable("profiles")
      .addColumn("members_only", "integer", (c) => c.notNull().defaultTo(0))
      .execute();

    await db.schema
      .createTable("blocks")
      .addColumn("blocker_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("blocked_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addPrimaryKeyConstraint("blocks_pk", ["blocker_id", "blocked_id"])
      .execute();
    // The reverse direction ("who blocked me") without a scan.
    await db.schema.createIndex("blocks_blocked").on("blocks").columns(["blocked_id", "blocker_id"]).execute();

    await db.schema
      .createTable("landing_pages")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("short_url", "text", (c) => c.notNull().unique())
      .addColumn("url_detail", "text", (c) => c.notNull())
      .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .execute();

    const now = Date.UTC(2026, 0, 1);
    const pages: [string, Array<{ name: string; value: string; active: boolean }>][] = [
      [
        "escort-berlin",
        [
          { name: "user_type", value: "escort", active: true },
          { name: "city", value: "berlin", active: true },
        ],
      ],
      [
        "ladies-hamburg",
        [
          { name: "user_type", value: "escort", active: true },
          { name: "city", value: "hamburg", active: true },
          { name: "gender", value: "2", active: true },
        ],
      ],
      [
        "escort-muenchen",
        [
          { name: "user_type", value: "escort", active: true },
          { name: "city", value: "muenchen", active: true },
        ],
      ],
      [
        "kunden-koeln",
        [
          { name: "user_type", value: "client", active: true },
          { name: "city", value: "koeln", active: true },
        ],
      ],
    ];
    for (const [shortUrl, detail] of pages) {
      await sql`INSERT INTO landing_pages (short_url, url_detail, active, created_at, updated_at)
                VALUES (${shortUrl}, ${JSON.stringify(detail)}, 1, ${now}, ${now})`.execute(db);
    }
  };
}
