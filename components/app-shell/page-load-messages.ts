/** SPEC 8's words for a page whose code could not be downloaded: the popup's, the error fallback's and the forms'. */
export const PAGE_LOAD_FAILED_TITLE = "This page failed to load";
export const PAGE_LOAD_FAILED_TEXT = "Part of this page could not be downloaded. Please check your connection and try again.";
export const RETRY_LABEL = "Retry";
