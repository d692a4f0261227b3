/**
 * community/* two to four segments deep: the directory route (/{lang}/{category}/…) outranks a splat at these depths,
 * so they are routes of their own with the community page's module (ADR 134).
 */
export { default, ErrorBoundary, handle, headers, loader, meta } from "./$lang.community.$";
