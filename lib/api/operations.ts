import { gql, type GraphQLClient } from "graphql-request";
import type { Employer, FrontendLoad, StepResult } from "./types";

/** The operations the shell calls today, typed. userClient for user operations, publicClient for lookups. */

const PERSONAL = `given_name middle_name family_name birthdate address unit addrCity addrCountry addrPostalCode
  addrStateAbbr addrStreetNumber addrStreetName lat lng personal_email ssn how_you_heard referral_code affiliate
  home_phone_number phone_number email salary additionalIncome amount`;

export const LOAD_FRONTEND = gql`
  query loadFrontend {
    loadFrontend {
      flags { adminPortalUser collectionsUser verificationsPortalUser }
      documents { loanId loanName loanSortDate statements { signedUrl sortDate fileName } }
      applicationStep
      appInfo {
        step history rejectionReason username primary_email employer employerName employerParentId evolveConsent
        stateOfResidence amountAppliedFor loanType loanReason otherDescription directDepositConfirmed
        personal { ${PERSONAL} }
        employment {
          jobTitle employmentStatus startDate employeeId salary additionalIncome payMonths payFrequency ddAccounts
          activeMilitary tenureProof choaDepartmentExtension choaCostCenter paperFormSentTimestamp requirePaystubs
          directDepositConfirmed
        }
        offer {
          offerStage offerAmountFinanced offerOriginalAPR offerTotalCost offerTerm offerPaymentAmount
          offerDeductionAmount expectedPayments contractSigned hellosignDirectDepositSignatureId
        }
        prequalification {
          preQualificationStatus preQualificationFailureReason preQualifiedAmount preQualifiedInterestRate
          preQualifiedTerm preQualifiedOriginationFee creditDenialReason
        }
      }
      loanInfo {
        loanId loanName status apr balance amount fee term interval maturityDate deductionAmount payoffAmount pcLoan
        contract payrollId originatedAt PayoutDate
        payments { amount sts loanId metaData effectiveDate source }
        scheduledPayments { frequency amount paymentDate accountMask }
      }
    }
  }
`;

export async function loadFrontend(client: GraphQLClient): Promise<FrontendLoad> {
  const data = await client.request<{ loadFrontend: FrontendLoad }>(LOAD_FRONTEND);
  return data.loadFrontend;
}

export async function setApplicationStep(client: GraphQLClient, applicationStep: string): Promise<StepResult> {
  const data = await client.request<{ setApplicationStep: StepResult }>(
    gql`
      mutation setApplicationStep($applicationStep: String!) {
        setApplicationStep(applicationStep: $applicationStep) { applicationStep history }
      }
    `,
    { applicationStep },
  );
  return data.setApplicationStep;
}

export async function setEvolveConsent(client: GraphQLClient, consent: boolean): Promise<boolean> {
  const data = await client.request<{ setEvolveConsent: boolean }>(
    gql`
      mutation setEvolveConsent($consent: Boolean!) { setEvolveConsent(consent: $consent) }
    `,
    { consent },
  );
  return data.setEvolveConsent;
}

export async function logs(client: GraphQLClient, message: string): Promise<boolean> {
  const data = await client.request<{ logs: boolean }>(
    gql`
      mutation logs($message: String!) { logs(message: $message) }
    `,
    { message },
  );
  return data.logs;
}

/** The contract-signed flag: the API answers the text "true" or "false". */
export async function contractSigned(client: GraphQLClient): Promise<boolean> {
  const data = await client.request<{ queries: string | null }>(gql`
    query queries { queries }
  `);
  return data.queries === "true";
}

export async function justRegistered(client: GraphQLClient, applyNowRoute: string): Promise<boolean> {
  const data = await client.request<{ justRegistered: boolean }>(
    gql`
      mutation justRegistered($applyNowRoute: String!) { justRegistered(applyNowRoute: $applyNowRoute) }
    `,
    { applyNowRoute },
  );
  return data.justRegistered;
}

/** Public (API key). Null when there is no such employer. */
export async function loadEmployer(client: GraphQLClient, employerId: string): Promise<Employer | null> {
  const data = await client.request<{ loadEmployer: Employer | null }>(
    gql`
      mutation loadEmployer($employerId: ID!) {
        loadEmployer(employerId: $employerId) {
          employerId name parentId parentName domain showEmailDomain acceptedDomains signedFormAction pdfPaystubs
          autoRequestIdentity argyleEnabled argyleSubscribeAlloc defaultPaymentType ddSetupType
        }
      }
    `,
    { employerId },
  );
  return data.loadEmployer;
}

/** Public (API key). True for a top-level employer without sub-employers. */
export async function checkIfIslandInAlgolia(client: GraphQLClient, employerId: string): Promise<boolean> {
  const data = await client.request<{ checkIfIslandInAlgolia: boolean }>(
    gql`
      mutation checkIfIslandInAlgolia($employerId: ID!) { checkIfIslandInAlgolia(employerId: $employerId) }
    `,
    { employerId },
  );
  return data.checkIfIslandInAlgolia;
}

/**
 * The embedded signing URL for a counter-signature. Not yet served locally: the local API answers a
 * NotImplemented error, which this call throws (as a ClientError) rather than inventing a URL.
 */
export async function counters(client: GraphQLClient, signatureId: string): Promise<string> {
  const data = await client.request<{ counters: string }>(
    gql`
      mutation counters($signature_id: String!) { counters(signature_id: $signature_id) }
    `,
    { signature_id: signatureId },
  );
  return data.counters;
}
