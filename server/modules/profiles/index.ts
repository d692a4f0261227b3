/** The public face of the profiles module: Profile reads, for the directory; the writers of profile fields, for registration and settings. Other modules import only this file. */
export * from "./service";
export * from "./writers";
export { profileCityColumns } from "./city";
