import { gql, type GraphQLClient } from "graphql-request";
import type { IdentitySubmission } from "@/lib/personal/identity-submission";
import type { Personal } from "./types";

/** The calls of /personal (SPEC 7): the loan request (`applies`) and the identity (`identifies`). */

export interface AppliesVariables {
  amount: number;
  other: string | null;
  reason: string;
  state: string;
  type: string;
}

export async function applies(client: GraphQLClient, variables: AppliesVariables): Promise<void> {
  await client.request(
    gql`
      mutation applies($amount: Float!, $other: String, $reason: String!, $state: String!, $type: String!) {
        applies(amount: $amount, other: $other, reason: $reason, state: $state, type: $type) { amountAppliedFor }
      }
    `,
    variables,
  );
}

const IDENTIFIES = gql`
  mutation identifies(
    $given_name: String, $middle_name: String, $family_name: String, $birthdate: String,
    $address: String, $unit: String, $addrCity: String, $addrCountry: String, $addrPostalCode: String,
    $addrStateAbbr: String, $addrStreetNumber: String, $addrStreetName: String, $lat: Float, $lng: Float,
    $personal_email: String, $ssn: String, $how_you_heard: String, $referral_code: String,
    $home_phone_number: String, $phone_number: String, $salary: Float, $additionalIncome: Float, $amount: Float,
    $accountSettings: Boolean
  ) {
    identifies(
      given_name: $given_name, middle_name: $middle_name, family_name: $family_name, birthdate: $birthdate,
      address: $address, unit: $unit, addrCity: $addrCity, addrCountry: $addrCountry, addrPostalCode: $addrPostalCode,
      addrStateAbbr: $addrStateAbbr, addrStreetNumber: $addrStreetNumber, addrStreetName: $addrStreetName, lat: $lat, lng: $lng,
      personal_email: $personal_email, ssn: $ssn, how_you_heard: $how_you_heard, referral_code: $referral_code,
      home_phone_number: $home_phone_number, phone_number: $phone_number, salary: $salary,
      additionalIncome: $additionalIncome, amount: $amount, accountSettings: $accountSettings
    ) { phone_number }
  }
`;

/** Omitted variables stay absent (not null), so the API leaves those fields as they are. */
export async function identifies(client: GraphQLClient, submission: IdentitySubmission): Promise<Pick<Personal, "phone_number"> | null> {
  const data = await client.request<{ identifies: Pick<Personal, "phone_number"> | null }>(IDENTIFIES, submission);
  return data.identifies;
}
