/** The fields of the public notice form (the page shows their errors at them; any other above the form). */
export const NOTICE_FIELDS = ["url", "type", "text", "name", "email", "good_faith"] as const;
