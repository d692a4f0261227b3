/**
 * The member's data export (issue 10, user/data_privacy; GDPR Art. 15 and 20): a ZIP of JSON files and
 * the member's own photo originals, built by a background job (ADR 032).
 */

/** init: requested, waiting for the job; processing: being built; ready: downloadable; failed; expired: file removed. */
export const DATA_EXPORT_STATES = ["init", "processing", "ready", "failed", "expired"] as const;
export type DataExportState = (typeof DATA_EXPORT_STATES)[number];

/** At most one export per member per day (counted from the last request). */
export const DATA_EXPORT_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** A ready export can be downloaded for 7 days; then its file is deleted. */
export const DATA_EXPORT_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export const DATA_EXPORT_TOO_SOON = "exception.privacy.export_too_soon";
export const DATA_EXPORT_IN_PROGRESS = "exception.privacy.export_in_progress";

/** One export as the API reports it. */
export interface DataExport {
  id: number;
  state: DataExportState;
  created_at: number;
  ready_at: number | null;
  /** Until when the ready file can be downloaded. */
  expires_at: number | null;
  size_bytes: number | null;
}

/** GET /user/data-export: the newest export, and when the next one may be requested. */
export interface DataExportStatus {
  latest: DataExport | null;
  /** Null when an export may be requested now. */
  next_request_at: number | null;
}
