/**
 * Seed part "bundles" (issue 28 item 8, ADR 092): demo_escort and demo_club each sell an accepted bundle of exclusive
 * (private) photos, and demo_member owns demo_escort's — bought through the ledger like any purchase (the platform's
 * grant of the price first, so demo_member's balance stays as the other parts leave it).
 */
import { PostgresAdapter, type Transaction } from "kysely";
import { BUNDLE_STATUS } from "../../contract/creators";
import { MEDIA_STATUS } from "../../contract/media";
import type { Database } from "../../db/schema";
import { demoIds, type SeedPart } from "../../db/seed/part";
import { dollarOperations, postOperationIn, type LedgerDeps } from "../ledger/index";

const DEMO_BUNDLES = [
  {
    creator: "demo_escort",
    title: "Sommer in Berlin",
    description: "Meine schönsten Fotos vom Sommer – nur für dich.",
    price: 12,
    items: 3,
  },
  { creator: "demo_club", title: "Ein Abend im Club", description: "Ein Blick hinter die Kulissen unseres Clubs.", price: 8, items: 2 },
] as const;

/**
 * The bundle's media: private copies of the creator's seeded photos (rows sharing the seed pool's files). A bundle on
 * offer holds its media (ADR 092), so bundling the public gallery's photos would close them on the demo profile;
 * private ones exist for the bundle alone, as a creator's exclusive photos would.
 */
async function exclusivePhotos(trx: Transaction<Database>, creatorId: number, count: number, now: number): Promise<number[]> {
  const sources = await trx
    .selectFrom("media")
    .select(["kind", "storage_key", "mime_type", "width", "height", "variant_widths", "bytes"])
    .where("user_id", "=", creatorId)
    .where("status", "=", MEDIA_STATUS.accepted)
    .where("kind", "=", "photo")
    .where("is_avatar", "=", 0)
    .orderBy("position", "desc")
    .limit(count)
    .execute();
  const ids: number[] = [];
  for (const [index, source] of sources.entries()) {
    const row = await trx
      .insertInto("media")
      .values({
        ...source,
        user_id: creatorId,
        visibility: "private",
        status: MEDIA_STATUS.accepted,
        position: 1000 + index,
        is_avatar: 0,
        created_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

/** The creator's accepted bundle, and how many media rows it added (the seed's summary counts them). */
async function bundleOf(
  trx: Transaction<Database>,
  creatorId: number,
  spec: (typeof DEMO_BUNDLES)[number],
  now: number,
): Promise<{ id: number | null; media: number }> {
  const media = (await exclusivePhotos(trx, creatorId, spec.items, now)).map((id) => ({ id }));
  if (media.length === 0) return { id: null, media: 0 };
  const bundle = await trx
    .insertInto("bundles")
    .values({
      creator_id: creatorId,
      title: spec.title,
      description: spec.description,
      price: spec.price,
      status: BUNDLE_STATUS.accepted,
      cover_media_id: media[0]!.id,
      created_at: now,
      updated_at: now,
      published_at: now,
      decided_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await trx
    .insertInto("bundle_items")
    .values(media.map((row, position) => ({ bundle_id: bundle.id, media_id: row.id, position })))
    .execute();
  return { id: bundle.id, media: media.length };
}

export const bundlesPart: SeedPart = {
  name: "bundles",
  async write(chunk) {
    const ids = demoIds(chunk, ["demo_escort", "demo_club", "demo_member"] as const);
    if (!ids) return {};
    const [escort, club, member] = ids;
    const { trx, now } = chunk;
    const escortSale = await bundleOf(trx, escort, DEMO_BUNDLES[0], now);
    const clubSale = await bundleOf(trx, club, DEMO_BUNDLES[1], now);
    const media = escortSale.media + clubSale.media;
    const escortBundle = escortSale.id;
    if (escortBundle === null) return { media };
    const ledger: LedgerDeps = {
      db: trx,
      dialect: trx.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite",
      clock: { now: () => now },
    };
    const price = DEMO_BUNDLES[0].price;
    const grant = dollarOperations.grant(member, price);
    await postOperationIn(trx, ledger, {
      key: "seed:bundle-grant:demo_member",
      kind: grant.kind,
      currency: "dollar",
      actorId: null,
      transfers: grant.transfers,
    });
    const sale = dollarOperations.creatorSale(member, escort, price);
    const key = "bundle:seed-demo-member-1";
    const posted = await postOperationIn(trx, ledger, {
      key,
      kind: sale.kind,
      currency: "dollar",
      actorId: member,
      reference: `bundle:${escortBundle}`,
      transfers: sale.transfers,
    });
    if (posted.operationId === null) return { media };
    await trx
      .insertInto("bundle_purchases")
      .values({
        bundle_id: escortBundle,
        buyer_id: member,
        creator_id: escort,
        price,
        operation_id: posted.operationId,
        idempotency_key: key,
        created_at: now,
      })
      .execute();
    return { media };
  },
};
