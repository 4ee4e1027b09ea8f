export { Notice, type NoticeIcon, type NoticeProps } from "./notice";
export { RestrictedNotice, type RestrictedReason, type RestrictedNoticeProps } from "./restricted-notice";
export { UnderConstructionNotice } from "./under-construction-notice";
export { NotFoundNotice } from "./not-found-notice";
export { SignInNotice } from "./sign-in-notice";
export { ShellPageNotice, type ShellPage } from "./shell-page-notice";
export { restrictedReasonFor } from "./restricted-reason";
