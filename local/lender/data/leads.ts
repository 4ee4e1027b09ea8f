import { randomBytes } from "node:crypto";
import type { Lead } from "../../../contract/generated/types";
import type { Queryable } from "../../infra/db";
import { text } from "./validate";
import { amortisationSchedule, centsToDollars, dollarsToCents, percentToBps } from "../../../lib/lending/loan-math";

/**
 * A new lead's id: 128 random bits as 32 hex digits. Leads are readable with the public API key,
 * so an id must be unguessable, never sequential (a database CHECK refuses any other shape).
 */
export function newLeadId(): string {
  return randomBytes(16).toString("hex");
}

export async function loadLead(db: Queryable, leadId: unknown): Promise<Lead | null> {
  const id = text("leadId", leadId, { max: 64, pattern: /^[\w-]+$/, patternHint: "must be letters, digits, - or _" });
  const rows = await db.query<{ lead: Lead }>(
    `SELECT json_build_object('leadId', lead_id, 'firstName', first_name, 'lastName', last_name,
            'employerName', employer_name, 'email', email, 'softFico', soft_fico, 'employmentLength', employment_length,
            'requestedLoanAmount', requested_loan_amount, 'grossIncome', gross_income,
            'stateOfResidence', state_of_residence, 'mappedIndustry', mapped_industry, 'loanAmount', loan_amount,
            'monthlyPayment', monthly_payment, 'totalLoanAmount', total_loan_amount, 'interestRate', interest_rate,
            'term', term) AS lead
       FROM leads WHERE lead_id = $1`,
    [id],
  );
  return rows[0]?.lead ?? null;
}

/**
 * A lead's quote on its own terms, from the loan math (never typed in): the level monthly payment
 * of loanAmount at interestRate over term, and the total of the schedule's payments (the last one
 * absorbs the rounding of the others).
 */
export function leadQuote(loanAmount: number, interestRate: number, term: number): { monthlyPayment: number; totalLoanAmount: number } {
  const schedule = amortisationSchedule(dollarsToCents(loanAmount), percentToBps(interestRate), term);
  return {
    monthlyPayment: centsToDollars(schedule[0]!.paymentCents),
    totalLoanAmount: centsToDollars(schedule.reduce((sum, k) => sum + k.paymentCents, 0)),
  };
}

type LeadFacts = Omit<Lead, "leadId" | "monthlyPayment" | "totalLoanAmount"> & { loanAmount: number; interestRate: number; term: number };
type SeedLead = Omit<Lead, "leadId">;
const lead = (facts: LeadFacts): SeedLead => ({ ...facts, ...leadQuote(facts.loanAmount, facts.interestRate, facts.term) });

// Each seeded lead gets a random id when first seeded (find it by e-mail). Jordan Rivera's lead has
// the SPEC 1 worked example's terms; its quote is what the formulas give ($201.62 a month,
// $4,838.72 in all), not the example's $204.45 / $4,906.80 (docs/lending.md).
export const SEED_LEADS: readonly SeedLead[] = [
  lead({
    firstName: "Jordan", lastName: "Rivera", employerName: "Metro Unified School District",
    email: "jordan.rivera@example.com", softFico: 672, employmentLength: "3-5 years", requestedLoanAmount: 4000,
    grossIncome: 52000, stateOfResidence: "IL", mappedIndustry: "education", loanAmount: 4000, interestRate: 18.99, term: 24,
  }),
  lead({
    firstName: "Casey", lastName: "Nguyen", employerName: "City of Austin",
    email: "casey.nguyen@example.com", softFico: 615, employmentLength: "1-3 years", requestedLoanAmount: 2500,
    grossIncome: 41000, stateOfResidence: "TX", mappedIndustry: "government", loanAmount: 2500, interestRate: 24.99, term: 24,
  }),
];

/** Stores a lead under a new random id and returns the id; a lead already there for this e-mail is kept (undefined). */
export async function insertLead(db: Queryable, l: SeedLead): Promise<string | undefined> {
  const rows = await db.query<{ lead_id: string }>(
    `INSERT INTO leads (lead_id, first_name, last_name, employer_name, email, soft_fico, employment_length,
            requested_loan_amount, gross_income, state_of_residence, mapped_industry, loan_amount, monthly_payment,
            total_loan_amount, interest_rate, term)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
     ON CONFLICT (email) DO NOTHING
     RETURNING lead_id`,
    [
      newLeadId(), l.firstName, l.lastName, l.employerName, l.email, l.softFico, l.employmentLength, l.requestedLoanAmount,
      l.grossIncome, l.stateOfResidence, l.mappedIndustry, l.loanAmount, l.monthlyPayment, l.totalLoanAmount,
      l.interestRate, l.term,
    ],
  );
  return rows[0]?.lead_id;
}

export async function seedLeads(db: Queryable): Promise<void> {
  for (const l of SEED_LEADS) await insertLead(db, l);
}
