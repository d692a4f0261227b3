/** Spec section 9: the header's bell shows at most 8 notifications, of which 1 highlighted (re-exported by ./notifications). */
export const NOTIFICATION_BELL_MAX = 8;
export const NOTIFICATION_BELL_HIGHLIGHTED = 1;
