/** House ads (migrations 0116 and 0126, issue 32 item 1, ADR 131). Times epoch ms, booleans 0/1. */
import type { Generated } from "kysely";

export interface AdCampaignsTable {
  id: Generated<number>;
  name: string;
  starts_at: number;
  ends_at: number | null;
  /** Comma-separated; "" = all. */
  page_keys: string;
  languages: string;
  channels: string;
  /** Lower-case city names, comma-separated; "" = all. */
  cities: string;
  daily_cap: number | null;
  paused: number;
  created_at: number;
  updated_at: number;
}

export interface AdCreativesTable {
  id: Generated<number>;
  campaign_id: number;
  size: string;
  format: string;
  headline: string;
  text: string;
  image_key: string | null;
  target_url: string;
  alt_de: string;
  alt_en: string;
  alt_es: string;
  alt_pl: string;
  paused: number;
  /** bigint: PostgreSQL answers a string; read through Number(). */
  impressions: Generated<number>;
  clicks: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface AdFrequencyTable {
  viewer_key: string;
  campaign_id: number;
  day: number;
  shown: number;
}

/** A render's pixel that counted (migration 0126, ADR 146): its nonce, kept while its signature is valid. */
export interface AdSeenTable {
  nonce: string;
  day: number;
}

export interface AdPreferencesTable {
  user_id: number;
  ads_off: number;
  updated_at: number;
}

declare module "../../db/schema/index" {
  interface Database {
    ad_campaigns: AdCampaignsTable;
    ad_creatives: AdCreativesTable;
    ad_frequency: AdFrequencyTable;
    ad_preferences: AdPreferencesTable;
    ad_seen: AdSeenTable;
  }
}
