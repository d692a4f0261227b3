// public/scripts/notifications.js: popups for realtime notifications (app/features/notifications/popups.ts).
import { showNotificationPopups } from "~/features/notifications/popups";

showNotificationPopups(window);
