"use client";

import type { ActionResult } from "@/lib/actions/action-result";
import { useMemo, useState } from "react";
import { useSearchParams } from "next/navigation";
import { Configure, Index } from "react-instantsearch";
import { InstantSearchNext } from "react-instantsearch-nextjs";
import type { PublicConfig } from "@/lib/config/env";
import { chooseOther, resolvePick, subEmployerFilter, SUB_EMPLOYER_HELP, type EmployerHit } from "./employer-selection";
import { logClientError } from "@/lib/browser/error-logging";
import { employerIndexName, employerSearchClient } from "@/lib/search/employer-search-client";
import { EmployerCombobox } from "./employer-combobox";
import { EMPLOYER_REQUEST_PARAM, employerRequestFormHref } from "@/lib/employment/employer-request";
import type { EmployerRequestArgs } from "@/lib/employment/employer-request-schema";
import type { RequestEmployerResult } from "../actions";
import type { RecordedEmployerRequest } from "../operations";
import dynamic from "next/dynamic";
import { EmployerRequestRecorded } from "./employer-request-recorded";

// Loaded when the request is opened (rendered on the server too when the page arrives with it open).
const EmployerRequestForm = dynamic(() => import("./employer-request-form").then((m) => m.EmployerRequestForm));

/** Asking the lender to add an employer (issue 49), where the lender's rules open it (the employer step). */
export interface EmployerRequestProps {
  /** The requests the lender recorded for this applicant, newest first. */
  recorded: readonly RecordedEmployerRequest[];
  send: (values: EmployerRequestArgs) => Promise<RequestEmployerResult>;
}

export interface EmployerSearchProps {
  config: Pick<PublicConfig, "appEnv" | "algolia">;
  /** The app's own origin, for the first search made on the server (local index only). */
  serverOrigin: string;
  /** SPEC 5 island check (public API key), made on the server. */
  checkIsland: (employerId: string) => Promise<ActionResult<{ island: boolean }>>;
  /** Called with the employer the person chose; answers the error to show under the field, if any. */
  onChosen: (employer: EmployerHit) => Promise<string | null>;
  autoFocus?: boolean;
  /** Present only where the request is open: "Employer not found" then offers it. */
  employerRequest?: EmployerRequestProps;
}

type Phase =
  | { kind: "search" }
  | { kind: "checking"; parent: EmployerHit }
  | { kind: "sub-employer"; parent: EmployerHit }
  | { kind: "saving"; employer: EmployerHit };

/**
 * Employer selection (SPEC 5) on InstantSearch: search as you type, first results rendered on the
 * server, 3000 ms stalled-search delay. Picking a parent runs the island check; a parent that is
 * not an island opens the sub-employer search filtered by its id, with "Other" for the parent.
 */
export function EmployerSearch({ config, serverOrigin, checkIsland, onChosen, autoFocus, employerRequest }: EmployerSearchProps) {
  const indexName = employerIndexName(config);
  const searchClient = useMemo(
    () => employerSearchClient(config, { origin: typeof window === "undefined" ? serverOrigin : undefined }),
    [config, serverOrigin],
  );
  const [phase, setPhase] = useState<Phase>({ kind: "search" });
  const [error, setError] = useState<string | null>(null);

  const finish = async (employer: EmployerHit, back: Phase) => {
    setPhase({ kind: "saving", employer });
    const problem = await onChosen(employer);
    if (problem) {
      setError(problem);
      setPhase(back);
    }
  };

  const pick = async (hit: EmployerHit) => {
    setError(null);
    setPhase({ kind: "checking", parent: hit });
    const outcome = await resolvePick(hit, {
      checkIsland: async (id) => {
        const answer = await checkIsland(id);
        if (!answer.ok) throw new Error("island check failed");
        return answer.island;
      },
      // SPEC 8: an island-check failure is only logged.
      log: (message, cause) => {
        logClientError("error", new Error(`${message}: ${cause instanceof Error ? cause.message : String(cause)}`));
      },
    });
    if (outcome.kind === "sub-employer") setPhase({ kind: "sub-employer", parent: outcome.parent });
    else await finish(outcome.employer, { kind: "search" });
  };

  // The request form is open while the address says so (?employerRequest=<name>): opened here by a
  // press (a history entry of its own, so Back returns to the search), or arriving from SPEC 2's
  // /employerRequest through the lending app. Sent or cancelled, the entry becomes /employment again.
  const asked = useSearchParams().get(EMPLOYER_REQUEST_PARAM);
  const requestOpen = employerRequest !== undefined && asked !== null;
  const [sent, setSent] = useState<RecordedEmployerRequest[]>([]);
  const [justRecorded, setJustRecorded] = useState<string | null>(null);
  const recorded = [...sent.filter((s) => !employerRequest?.recorded.some((r) => r.id === s.id)), ...(employerRequest?.recorded ?? [])];
  const openRequest = (typed: string) => {
    setJustRecorded(null);
    window.history.pushState(null, "", employerRequestFormHref(typed));
  };
  const closeRequest = () => window.history.replaceState(null, "", "/employment");
  const onRecorded = (request: RecordedEmployerRequest) => {
    setSent((before) => [request, ...before.filter((s) => s.id !== request.id)]);
    setJustRecorded(request.id);
    closeRequest();
  };

  const busy = phase.kind === "checking" || phase.kind === "saving";
  const parent = phase.kind === "sub-employer" ? phase.parent : null;

  return (
    <InstantSearchNext
      indexName={indexName}
      searchClient={searchClient}
      stalledSearchDelay={3000}
      insights={false}
      future={{ preserveSharedStateOnUnmount: true }}
    >
      <Configure hitsPerPage={20} />
      <div className="flex flex-col gap-4">
        {requestOpen && (
          <EmployerRequestForm initialName={asked} send={employerRequest.send} onRecorded={onRecorded} onCancel={closeRequest} />
        )}
        {!parent && (
          // Hidden, not unmounted, while the request is open: Back finds the search as it was left.
          <div className={requestOpen ? "hidden" : "flex flex-col gap-4"}>
            {recorded.length > 0 && (
              // Said (and focused) once the form has closed: a hidden heading cannot take the focus.
              <EmployerRequestRecorded requests={recorded} justRecorded={requestOpen ? null : justRecorded} />
            )}
            <EmployerCombobox
              label="Your employer"
              hint="Search by employer name or city."
              error={error}
              busy={busy}
              autoFocus={autoFocus}
              onChoose={(hit) => void pick(hit)}
              onRequest={employerRequest ? openRequest : undefined}
            />
          </div>
        )}
        {parent && !requestOpen && (
          <section aria-labelledby="sub-employer-title" className="flex flex-col gap-3">
            <div className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-gray-100 px-3 py-2">
              <p id="sub-employer-title">
                <span className="text-gray-700">Parent employer: </span>
                <strong>{parent.name}</strong>
              </p>
              <button type="button" className="min-h-11 font-semibold text-brand underline" onClick={() => setPhase({ kind: "search" })}>
                Change parent employer
              </button>
            </div>
            <Index indexName={indexName} indexId={`sub-employers-${parent.objectID}`}>
              <Configure filters={subEmployerFilter(parent.objectID)} hitsPerPage={50} />
              <EmployerCombobox
                label="Your school, department or location"
                hint={SUB_EMPLOYER_HELP}
                error={error}
                busy={false}
                autoFocus
                extraOptions={[{ id: `other-${parent.objectID}`, hit: parent, label: `Other (${parent.name})` }]}
                onChoose={(hit, option) => void finish(option.label ? chooseOther(parent).employer : hit, { kind: "sub-employer", parent })}
              />
            </Index>
          </section>
        )}
        {phase.kind === "checking" && <p role="status">Checking {phase.parent.name}…</p>}
        {phase.kind === "saving" && <p role="status">Saving {phase.employer.name}…</p>}
      </div>
    </InstantSearchNext>
  );
}
