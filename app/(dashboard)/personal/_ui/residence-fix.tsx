"use client";

import { useState } from "react";
import { unansweredWriteText } from "@/components/forms/submit-messages";
import { useSubmissionKeys, useSubmitOnce } from "@/components/forms/use-submit-once";
import { classNames } from "@/components/ui/class-names";
import { focusRing } from "@/components/ui/focus-ring";
import { stateName } from "@/lib/personal/states";
import { changeStateOfResidence } from "../actions";

export const FAILED_TEXT = "We couldn't change your state of residence. Please try again in a moment.";

/**
 * The way out of a home-state conflict (issue 42): the address is in a state the lender serves but
 * the loan request named another (often the employer's). One press changes the state of residence
 * to the address's; the form and everything typed in it stay, and its rule follows the new state.
 */
export function ResidenceFix({ to, onChanged }: { to: string; onChanged: (state: string) => void }) {
  const [problem, setProblem] = useState<string | null>(null);
  const keys = useSubmissionKeys();
  // One change at a time, from the press until the answer (a second press sends nothing).
  const { run, pending } = useSubmitOnce(async () => {
    setProblem(null);
    let result: Awaited<ReturnType<typeof changeStateOfResidence>>;
    try {
      result = await changeStateOfResidence({ state: to }, keys.keyFor({ state: to }));
    } catch (error) {
      // Outside the form kit: a cut by the request deadline is said as the kit says it, with its reference (issue 51).
      return setProblem(unansweredWriteText(error, FAILED_TEXT));
    }
    if (result.ok) return onChanged(to);
    setProblem(
      result.reason === "invalid"
        ? (Object.values(result.fieldErrors ?? {})[0] ?? "We couldn't change your state of residence.")
        : FAILED_TEXT,
    );
  });
  return (
    <div className="flex flex-col items-start gap-2" data-testid="residence-fix">
      <button
        type="button"
        disabled={pending}
        className={classNames("min-h-11 rounded-md border border-brand px-4 py-2 font-semibold text-brand", focusRing)}
        onClick={() => void run()}
      >
        {pending ? "Changing…" : `Change my state of residence to ${stateName(to)}`}
      </button>
      {problem && (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}
