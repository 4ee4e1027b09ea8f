"use client";

import { useState } from "react";
import { classNames } from "@/components/ui/class-names";
import { focusRing } from "@/components/ui/focus-ring";
import { stateName } from "@/lib/personal/states";
import { changeStateOfResidence } from "../actions";

/**
 * The way out of a home-state conflict (issue 42): the address is in a state the lender serves but
 * the loan request named another (often the employer's). One press changes the state of residence
 * to the address's; the form and everything typed in it stay, and its rule follows the new state.
 */
export function ResidenceFix({ to, onChanged }: { to: string; onChanged: (state: string) => void }) {
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <div className="flex flex-col items-start gap-2" data-testid="residence-fix">
      <button
        type="button"
        disabled={pending}
        className={classNames("min-h-11 rounded-md border border-brand px-4 py-2 font-semibold text-brand", focusRing)}
        onClick={async () => {
          setPending(true);
          setProblem(null);
          const result = await changeStateOfResidence({ state: to }).catch(() => null);
          setPending(false);
          if (result?.ok) return onChanged(to);
          setProblem(
            result?.reason === "invalid"
              ? (Object.values(result.fieldErrors ?? {})[0] ?? "We couldn't change your state of residence.")
              : "We couldn't change your state of residence. Please try again in a moment.",
          );
        }}
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
