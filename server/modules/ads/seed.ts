/** The demo's house campaigns (ADR 131): plus for guests and basic members, events for plus members' own channel. */
import type { SeedPart } from "../../db/seed/part";

const ALT = (de: string, en: string, es: string, pl: string) => ({ alt_de: de, alt_en: en, alt_es: es, alt_pl: pl });

export const adsPart: SeedPart = {
  name: "ads",
  async write({ trx, now }) {
    // Written once, with the first chunk.
    if (await trx.selectFrom("ad_campaigns").select("id").limit(1).executeTakeFirst()) return;
    const campaigns = [
      {
        name: "Plus – ohne Werbung (de)",
        languages: "de",
        channels: "guest,basic",
        creatives: [
          {
            size: "320x100",
            headline: "Velora Plus: unbegrenzt schreiben",
            text: "Mehr Kontakte, unsichtbar surfen, ohne Werbung.",
            target_url: "/de/user/membership",
          },
          {
            size: "300x250",
            headline: "Velora Plus entdecken",
            text: "Unbegrenzt Kontakt, Besucher sehen, keine Werbung.",
            target_url: "/de/user/membership",
          },
        ],
      },
      {
        name: "Plus – ad-free (en)",
        languages: "en,es,pl",
        channels: "guest,basic",
        creatives: [
          {
            size: "320x100",
            headline: "Velora Plus: write without limits",
            text: "More contacts, invisible browsing, no ads.",
            target_url: "/en/user/membership",
          },
          {
            size: "300x250",
            headline: "Discover Velora Plus",
            text: "Unlimited contact, see your visitors, no ads.",
            target_url: "/en/user/membership",
          },
        ],
      },
      {
        name: "Events für Plus-Mitglieder",
        languages: "",
        channels: "plus",
        creatives: [
          {
            size: "320x100",
            headline: "Events in deiner Stadt",
            text: "Neue Events – als Plus-Mitglied zuerst dabei.",
            target_url: "/de/events",
          },
        ],
      },
    ];
    for (const campaign of campaigns) {
      const row = await trx
        .insertInto("ad_campaigns")
        .values({
          name: campaign.name,
          starts_at: now - 24 * 60 * 60 * 1000,
          ends_at: null,
          page_keys: "",
          languages: campaign.languages,
          channels: campaign.channels,
          cities: "",
          daily_cap: null,
          paused: 0,
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      for (const creative of campaign.creatives)
        await trx
          .insertInto("ad_creatives")
          .values({
            ...creative,
            campaign_id: row.id,
            format: "text",
            image_key: null,
            paused: 0,
            created_at: now,
            updated_at: now,
            ...ALT(creative.headline, creative.headline, creative.headline, creative.headline),
          })
          .execute();
    }
  },
};
