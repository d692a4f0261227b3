/** The reports group's public face for other modules (ADR 038). */
export { ownReportsForExport } from "./service";
