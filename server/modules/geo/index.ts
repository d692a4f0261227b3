/** The public face of the geo module: cities, regions and distances every place-aware module shares (constants live in contract/geo). Other modules import only this file. */
export * from "./cities";
export * from "./city-field";
export * from "./distance";
export * from "./regions";
