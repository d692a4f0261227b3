/** The public face of the search module: The search engine, for the directory listing (seo uses search, never the reverse). Other modules import only this file. */
export * from "./service";
