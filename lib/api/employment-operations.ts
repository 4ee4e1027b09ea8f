import { gql, type GraphQLClient } from "graphql-request";
import type { EmploymentArgs } from "../employment/schema";

/** The employment step's operations (SPEC 7), typed. All take the user's token (userClient). */

export interface NextStepAnswer {
  nextRoute: string | null;
  validationError: string | null;
  serverError: string | null;
  /** AWSJSON text. */
  data: string | null;
}

export interface EmploymentNextAnswer extends NextStepAnswer {
  requirePaystubs: boolean | null;
}

export interface ArgyleInitAnswer {
  /** AWSJSON text: {userId, employerId, employerName, directDeposit, …}. */
  payload: string | null;
  userToken: string | null;
  argyleEmployerId: string | null;
  linkFlowId: string | null;
  linkFlowName: string | null;
}

export async function setEmployer(client: GraphQLClient, employerId: string): Promise<NextStepAnswer> {
  const data = await client.request<{ setEmployer: NextStepAnswer }>(
    gql`
      mutation setEmployer($employerId: ID!) { setEmployer(employerId: $employerId) { nextRoute validationError serverError data } }
    `,
    { employerId },
  );
  return data.setEmployer;
}

export async function employmentInformationNextHandler(client: GraphQLClient, args: EmploymentArgs): Promise<EmploymentNextAnswer> {
  const data = await client.request<{ employmentInformationNextHandler: EmploymentNextAnswer }>(
    gql`
      mutation employmentInformationNextHandler(
        $id: String!, $salary: Float!, $start: String!, $title: String!, $status: String!, $payFrequency: String!,
        $payMonths: Int!, $ddAccounts: Int!, $activeMilitary: Boolean!, $additional: Float, $cost_center: String, $dept_ext: String
      ) {
        employmentInformationNextHandler(
          id: $id, salary: $salary, start: $start, title: $title, status: $status, payFrequency: $payFrequency,
          payMonths: $payMonths, ddAccounts: $ddAccounts, activeMilitary: $activeMilitary, additional: $additional,
          cost_center: $cost_center, dept_ext: $dept_ext
        ) { nextRoute validationError serverError data requirePaystubs }
      }
    `,
    { ...args },
  );
  return data.employmentInformationNextHandler;
}

export async function initializeArgyle(client: GraphQLClient, input: { username: string; employerId: string; directDeposit: boolean }): Promise<ArgyleInitAnswer> {
  const data = await client.request<{ initializeArgyle: ArgyleInitAnswer }>(
    gql`
      mutation initializeArgyle($username: String!, $employerId: ID!, $directDeposit: Boolean) {
        initializeArgyle(username: $username, employerId: $employerId, directDeposit: $directDeposit) {
          payload userToken argyleEmployerId linkFlowId linkFlowName
        }
      }
    `,
    input,
  );
  return data.initializeArgyle;
}

export async function successfulArgyleUpdate(client: GraphQLClient, input: { username: string; argyleUserId: string }): Promise<boolean> {
  const data = await client.request<{ successfulArgyleUpdate: boolean }>(
    gql`
      mutation successfulArgyleUpdate($username: String!, $argyleUserId: String!) { successfulArgyleUpdate(username: $username, argyleUserId: $argyleUserId) }
    `,
    input,
  );
  return data.successfulArgyleUpdate;
}
