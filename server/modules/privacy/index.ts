/** The public face of the privacy module: the job handlers of the data export. */
export { buildExport, expireExport } from "./service";
