/** The community forum's tables (migration 0119_forum, ADR 134). Times epoch ms. */
export interface ForumSsoNoncesTable {
  nonce: string;
  user_id: number;
  used_at: number;
  expires_at: number;
}

export interface ForumMembersTable {
  user_id: number;
  /** The forum language the member chose (one of ours); null: their account's language. */
  language: string | null;
  /** 1: the last save reached the forum; 0: it did not (kept here, sent again with the next save); null: never saved. */
  pushed: number | null;
  updated_at: number;
}

export interface ForumCategoryLevelsTable {
  user_id: number;
  category_id: number;
  level: number;
  updated_at: number;
}

declare module "../../db/schema/index" {
  interface Database {
    forum_sso_nonces: ForumSsoNoncesTable;
    forum_members: ForumMembersTable;
    forum_category_levels: ForumCategoryLevelsTable;
  }
}
