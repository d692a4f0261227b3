/** The public face of the profiles module: Profile reads, for the directory. Other modules import only this file. */
export * from "./service";
