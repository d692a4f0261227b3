// public/scripts/lazy-list.js: the next page of a tile list as the member scrolls (app/features/favorites/lazy-list.ts).
import { startLazyList } from "~/features/favorites/lazy-list";

startLazyList(window);
