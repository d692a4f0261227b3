/**
 * A port for a listener a test hands to another program (haproxy) or opens by number: chosen below Linux's ephemeral
 * range (32768–60999), where the machine's own outgoing connections — the tests' database and Redis clients — hold
 * ports too; a random port up to 40,000 once met one of them ("Address already in use", CI, session 29).
 */
export function listenPortBelowEphemeral(): number {
  return 20_000 + Math.floor(Math.random() * 12_000);
}
