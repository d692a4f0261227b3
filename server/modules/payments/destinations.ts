import type { AppConfig } from "../../config";

/**
 * Where a provider posts its signed messages for this installation (the checkout passes it as `notifyUrl` when it
 * starts a payment): PUBLIC_URL, never a request's Host header.
 */
export function paymentDestinations(config: Pick<AppConfig, "publicUrl">, providerName: string): { notifyUrl: string } {
  return { notifyUrl: `${config.publicUrl}/api/v2/payment/postback/${encodeURIComponent(providerName)}` };
}
