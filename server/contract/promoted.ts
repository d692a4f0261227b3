/**
 * The promoted slot's card (ADR 090), in a leaf of its own: the directory's page (contract/seo) and the search's meta
 * carry it, and the promotion's contract (which reaches the wallet's) must not be imported by them.
 */
import type { MediaImage } from "./media";

/** One of the promoted slot's profiles (directory and search): honest marking is the web tier's "Anzeige" label. */
export interface PromotedProfile {
  promotion_id: number;
  user_id: number;
  username: string;
  display_name: string;
  user_type: number;
  city_name: string | null;
  text: string;
  /** The chosen photo while it is still accepted and public, else null. */
  photo: MediaImage | null;
  /** When the promotion ends (epoch ms): a cached page drops it from then on. */
  until: number;
}
