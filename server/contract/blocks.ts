/**
 * The block list (spec section 7 "block": list, block and unblock by username; section 9: at most 500).
 * A block separates two members both ways (server/modules/access/blocks.ts): neither finds, sees or,
 * later, writes to the other.
 */

export const BLOCK_LIST_LIMIT = 500;

export interface BlockedMember {
  username: string;
  display_name: string;
  blocked_at: number;
}

/** GET /block: the member's own list, newest first. */
export interface BlockList {
  items: BlockedMember[];
  total: number;
  limit: number;
}
