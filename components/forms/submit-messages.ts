/** What every form says when its submit cannot reach the server (issue 44: offline at submit is said). */
export const OFFLINE_AT_SUBMIT_TEXT = "You're offline — we'll send this when you're back.";
export const SEND_FAILED_TEXT = "We could not reach our server. Nothing you typed is lost: please check your connection and try again.";
