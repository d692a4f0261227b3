/** The public face of the geo module: Cities and regions: lookups every place-aware module shares (constants live in contract/geo). Other modules import only this file. */
export * from "./cities";
export * from "./regions";
