"use client";

import { useEffect, useRef } from "react";
import { formatDate } from "@/lib/format";
import type { RecordedEmployerRequest } from "../operations";
import { EMPLOYER_REQUEST_NEXT } from "./employer-request-copy";

export interface EmployerRequestRecordedProps {
  /** The applicant's requests, newest first. */
  requests: readonly RecordedEmployerRequest[];
  /** The request just sent (or asked again): said first, and focused so it is read at once. */
  justRecorded?: string | null;
}

/**
 * The employer requests the lender recorded for this applicant (issue 49), with what happens next.
 * Shown right after a request is sent and on every later visit to the employer step, so a reload or
 * a return finds it still there.
 */
export function EmployerRequestRecorded({ requests, justRecorded = null }: EmployerRequestRecordedProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (justRecorded) heading.current?.focus();
  }, [justRecorded]);
  const just = requests.find((r) => r.id === justRecorded);
  let title = requests.length === 1 ? "Your request to add an employer" : "Your requests to add employers";
  if (just) title = `We have your request to add ${just.name}`;
  return (
    <section
      aria-labelledby="employer-request-recorded-title"
      className="flex flex-col gap-3 rounded-md border border-brand bg-green-50 p-4 text-gray-900"
      data-testid="employer-request-recorded"
    >
      <h2 id="employer-request-recorded-title" ref={heading} tabIndex={-1} className="text-lg font-bold text-brand-dark outline-none">
        {title}
      </h2>
      <ul className="flex flex-col gap-1">
        {requests.map((r) => {
          const place = [r.city, r.state].filter(Boolean).join(", ");
          return (
            <li key={r.id}>
              <strong>{r.name}</strong>
              {place && <span className="text-gray-700"> ({place})</span>}
              <span className="text-gray-700"> — asked on {formatDate(r.requestedAt)}</span>
            </li>
          );
        })}
      </ul>
      <p>{EMPLOYER_REQUEST_NEXT.why}</p>
      <p>{EMPLOYER_REQUEST_NEXT.email}</p>
      <div>
        <h3 className="font-semibold">Meanwhile, you can:</h3>
        <ul className="list-disc pl-5">
          {EMPLOYER_REQUEST_NEXT.meanwhile.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
    </section>
  );
}
