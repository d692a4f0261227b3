/** The public face of the registration module: the step forms' saved values. Other modules import only this file. */
export { getStepData } from "./steps.service";
