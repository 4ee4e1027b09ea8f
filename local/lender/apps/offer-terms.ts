/**
 * The offer's figures as both hosted-app stand-ins show them (the lending app's offer page, the
 * dashboard's contract page): one fragment, so the two pages cannot drift apart; with the pay
 * frequency they are the repayment schedule (deduction-schedule.ts). Each page spreads
 * it with `...OfferTerms` and selects what else it needs beside it; append the fragment to the
 * document that spreads it.
 */
export const OFFER_TERMS_FRAGMENT = /* GraphQL */ `
  fragment OfferTerms on Offer {
    offerAmountFinanced
    offerOriginalAPR
    offerTotalCost
    offerTerm
    offerPaymentAmount
    offerDeductionAmount
    expectedPayments
  }
`;
