// public/scripts/tips.js: the tip forms' undo window and pending state (app/features/tips/tip-script.ts).
import { startTips } from "~/features/tips/tip-script";

startTips(window);
