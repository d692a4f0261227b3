/**
 * The demo's published password (README "demo accounts"): every account the seed writes has it. Its own file so the
 * staff-account rules can refuse it without loading the seed.
 */
export const DEMO_PASSWORD = "demo-pass-2026";
