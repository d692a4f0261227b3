/**
 * The access kernel (issue 8 item 3): the rules every feature needs about who may see whom and what —
 * the viewer, profile visibility and the listed-profile rule, media access, the one block rule, and the entitlements
 * (plus, its benefits, the payment-required outcome: ADR 061).
 * Other modules import it only through this file.
 */
export * from "./blocks";
export * from "./visibility";
export * from "./reach";
export * from "./entitlements";
export * from "./payable";
export * from "./paid-media";
export * from "./age-gate";
export * from "./staff";
