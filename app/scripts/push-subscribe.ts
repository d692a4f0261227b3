// public/scripts/push-subscribe.js: the push switch of user/notifications (app/features/settings/push-switch.ts).
import { startPushSwitch } from "~/features/settings/push-switch";

startPushSwitch(window);
