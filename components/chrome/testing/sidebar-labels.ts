// The sidebar's labels in order, stated literally (not read from SIDEBAR_ITEMS) so that a changed item fails the tests.
export const BORROWER_LABELS = [
  "Dashboard",
  "Profile",
  "Document Upload",
  "My Loan",
  "Transaction History",
  "Referral Hub",
  "Financial Education",
  "Financial Hotline",
  "Statements",
  "FAQ",
];

/** What a company e-mail adds after the borrower's links. */
export const COMPANY_LABELS = ["Counter Signs", "Servicing", "Verifications"];
