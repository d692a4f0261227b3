/** The public face of the safesex module. Other modules import only this file. */
export { safeSexState } from "./service";
