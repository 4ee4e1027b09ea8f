"use client";

import type { ActionResult } from "@/lib/actions/action-result";
import { useMemo, useState } from "react";
import { Configure, Index } from "react-instantsearch";
import { InstantSearchNext } from "react-instantsearch-nextjs";
import type { PublicConfig } from "@/lib/config/env";
import { chooseOther, resolvePick, subEmployerFilter, SUB_EMPLOYER_HELP, type EmployerHit } from "./employer-selection";
import { logClientError } from "@/lib/browser/error-logging";
import { employerIndexName, employerSearchClient } from "@/lib/search/employer-search-client";
import { EmployerCombobox } from "./employer-combobox";

export interface EmployerSearchProps {
  config: Pick<PublicConfig, "appEnv" | "algolia">;
  /** The app's own origin, for the first search made on the server (local index only). */
  serverOrigin: string;
  /** SPEC 5 island check (public API key), made on the server. */
  checkIsland: (employerId: string) => Promise<ActionResult<{ island: boolean }>>;
  /** Called with the employer the person chose; answers the error to show under the field, if any. */
  onChosen: (employer: EmployerHit) => Promise<string | null>;
  autoFocus?: boolean;
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
export function EmployerSearch({ config, serverOrigin, checkIsland, onChosen, autoFocus }: EmployerSearchProps) {
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
        {!parent && (
          <EmployerCombobox
            label="Your employer"
            hint="Search by employer name or city."
            error={error}
            busy={busy}
            autoFocus={autoFocus}
            onChoose={(hit) => void pick(hit)}
          />
        )}
        {parent && (
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
