import "../forms/zod";
import { z } from "zod";
import { EVERY_ROUND, money, oneOf, text } from "../forms/fields";
import { routingNumberProblem } from "./aba";
import { accountNumberProblem, ACCEPTED_SUBTYPES } from "./funding-rules";

/**
 * The /bank forms' schemas, shared by the page and the local API (manually): the wire values of a
 * manual account, the form that adds the account number's confirmation, and the micro-deposits.
 */
const digits = (required: string, problem: (v: string) => string | null) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .superRefine((value, ctx) => {
      const message = value ? problem(value) : null;
      if (message) ctx.addIssue({ code: "custom", message });
    });

export const manualAccountWireSchema = z.object({
  routing: digits("Enter the routing number", routingNumberProblem),
  account: digits("Enter the account number", accountNumberProblem),
  name: text({ required: "Enter a name for this account" }, { max: 64 }),
  type: oneOf(ACCEPTED_SUBTYPES as unknown as readonly ["checking", "savings"], {
    required: "Choose checking or savings",
    invalid: "Choose checking or savings",
  }),
});

export const manualAccountFormSchema = manualAccountWireSchema
  .extend({
    accountConfirm: z.string({ error: "Enter the account number again" }).trim().min(1, { error: "Enter the account number again" }),
  })
  .refine((v) => !v.accountConfirm || v.account === v.accountConfirm, {
    path: ["accountConfirm"],
    message: "The account numbers do not match",
    ...EVERY_ROUND,
  });

const deposit = (which: string) =>
  money(
    {
      required: `Enter the ${which} deposit`,
      min: "Each deposit is between $0.01 and $0.99",
      max: "Each deposit is between $0.01 and $0.99",
    },
    { min: 0.01, max: 0.99 },
  );

export const microDepositSchema = z.object({ amount1: deposit("first"), amount2: deposit("second") });
