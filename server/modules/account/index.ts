/** The account module's public face: the erasure an account deletion performs, for the operator's demo:remove (ADR 056). */
export { eraseAccount } from "./service";
