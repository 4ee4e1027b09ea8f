export { formatPhone, formatPhoneInput, normalizePhoneForSubmission, phoneDigits, PHONE_INPUT_MAX_LENGTH, usPhoneDigits } from "./phone";
export { formatSsn, isCompleteSsn, ssnDigits } from "./ssn";
export { formatAmountInput, formatUsd, parseAmount } from "./money";
export { capitalizeName } from "./names";
export { EMAIL_MAX_LENGTH, isValidEmail, normalizeEmail } from "./email";
export { formatBirthdate, formatDate, parseDate, todayIso, type DateInput } from "./dates";
