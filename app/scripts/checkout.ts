// public/scripts/checkout.js: the checkout's steps on one page (app/features/checkout/checkout-script.ts, ADR 089).
import { startCheckout } from "~/features/checkout/checkout-script";

startCheckout(window);
