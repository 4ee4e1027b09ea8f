"use client";

import type { FundingSource } from "../operations";
import { WRONG_TRIES_TEXT, showMask } from "@/lib/bank/funding-rules";

const TYPE_LABEL: Record<string, string> = { checking: "Checking", savings: "Savings" };

function status(source: FundingSource, capped: boolean): string {
  if (source.verified) return "Verified";
  if (source.locked && capped) return `Locked after ${WRONG_TRIES_TEXT}: with our team for a manual review`;
  if (source.locked) return `Locked after ${WRONG_TRIES_TEXT}: add it again to get two new deposits`;
  return "Waiting for micro-deposits";
}

/** The user's funding sources: name, type, mask, verified or waiting, and which one is active. */
export function AccountList({
  accounts,
  busy,
  onMakeActive,
  capped = false,
}: {
  accounts: readonly FundingSource[];
  busy: boolean;
  onMakeActive: (accountId: string) => void;
  /** The last lockout reached the micro-deposit cap (local/lender/rules/application-rules.ts). */
  capped?: boolean;
}) {
  if (accounts.length === 0) {
    return <p className="text-gray-700">You have not added a bank account yet.</p>;
  }
  return (
    <ul aria-label="Your bank accounts" className="flex flex-col gap-3">
      {accounts.map((a) => (
        <li
          key={a.account_id}
          data-account={a.mask ?? ""}
          className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-gray-300 bg-white p-4"
        >
          <div className="min-w-0">
            <p className="font-semibold text-gray-900">
              {a.name} <span className="font-normal text-gray-700">{showMask(a.mask)}</span>
            </p>
            <p className="text-sm text-gray-700">
              {[
                TYPE_LABEL[a.subtype ?? ""] ?? null,
                a.institutionName,
                a.link_type === "plaid_getAuth" ? "Linked instantly" : "Added by hand",
              ]
                .filter(Boolean)
                .join(" · ")}
            </p>
            <p className={a.verified ? "text-sm text-green-800" : "text-sm text-amber-900"}>{status(a, capped)}</p>
          </div>
          {a.active && <span className="rounded-full bg-green-100 px-3 py-1 text-sm font-semibold text-green-900">Active account</span>}
          {!a.active && a.verified && (
            <button
              type="button"
              disabled={busy}
              onClick={() => onMakeActive(a.account_id)}
              className="rounded-md border border-gray-800 px-3 py-1.5 text-sm font-semibold text-gray-900 hover:bg-gray-100 disabled:opacity-60 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2"
            >
              Make {a.name} {showMask(a.mask)} active
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
