/**
 * community/* two to four segments deep: the directory route (/{lang}/{category}/…) outranks a splat at these depths,
 * so they are routes of their own with the community page's module (ADR 134).
 */
export { default, ErrorBoundary, headers, loader, meta } from "./$lang.community.$";

// Written here, not re-exported: the locale check reads each route's own handle.
export const handle = { i18n: ["forum"], hydrate: false };
