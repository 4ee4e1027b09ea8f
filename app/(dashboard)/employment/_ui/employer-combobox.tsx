"use client";

import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { useHits, useInstantSearch, useSearchBox } from "react-instantsearch";
import { classNames } from "@/components/ui/class-names";
import { inputClass } from "@/components/forms/field-shell";
import { EMPLOYER_NOT_FOUND, EMPLOYER_NOT_FOUND_HINT, employerRequestHref, type EmployerHit } from "./employer-selection";
import { searchUnavailable } from "@/lib/search/employer-search-client";
import { logClientError } from "@/lib/browser/error-logging";
import { keepActive, moveActive, type ActiveKey } from "./active-option";

export interface ComboboxOption {
  id: string;
  hit: EmployerHit;
  /** Replaces the hit's name in the list ("Other (Metro Unified School District)"). */
  label?: string;
}

export interface EmployerComboboxProps {
  label: string;
  hint?: string;
  /** Shown under the field (setEmployer's validationError, a server failure…). */
  error?: string | null;
  onChoose: (hit: EmployerHit, option: ComboboxOption) => void;
  /** Options after the hits, e.g. "Other" in the sub-employer search. */
  extraOptions?: ComboboxOption[];
  busy?: boolean;
  autoFocus?: boolean;
  /** Where asking the lender to add an employer is open: opens the request with what was typed. */
  onRequest?: (typed: string) => void;
}

/** The index caps its counts at 1,000 (as Algolia's are approximate on big sets). */
function countText(count: number): string {
  if (count >= 1000) return "More than 1,000 employers found";
  return count === 1 ? "1 employer found" : `${count} employers found`;
}

function Logo({ hit }: { hit: EmployerHit }) {
  if (hit.logoUrl) {
    // eslint-disable-next-line @next/next/no-img-element -- logos come from the index's own host
    return <img src={hit.logoUrl} alt="" width={32} height={32} className="h-8 w-8 shrink-0 rounded object-contain" />;
  }
  const initials = hit.name
    .replace(/[^A-Za-z ]/g, "")
    .split(" ")
    .filter((w) => w.length > 2 || /^[A-Z]/.test(w))
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join("");
  return (
    <span
      aria-hidden="true"
      className="flex h-8 w-8 shrink-0 items-center justify-center rounded bg-gray-200 text-xs font-bold text-gray-700"
      data-logo-placeholder
    >
      {initials || "•"}
    </span>
  );
}

/**
 * Search as you type over the employer index, as an ARIA 1.2 combobox: the input owns the focus,
 * arrow keys move through the options (aria-activedescendant), Enter chooses, Escape closes. The
 * list is at most 220 px high and scrolls; it collapses in 250 ms (SPEC 9).
 */
export function EmployerCombobox({
  label,
  hint,
  error,
  onChoose,
  extraOptions = [],
  busy = false,
  autoFocus = false,
  onRequest,
}: EmployerComboboxProps) {
  const { query, refine } = useSearchBox();
  const { items, results } = useHits<EmployerHit & Record<string, unknown>>();
  // catchError: a failed search is state shown below, not an error InstantSearch throws.
  const { status, error: searchError, refresh } = useInstantSearch({ catchError: true });
  const [value, setValue] = useState(query);
  const [open, setOpen] = useState(true);
  const [activeKey, setActiveKey] = useState<ActiveKey>(null);
  // Set once hydrated: typing before that would be lost when React takes over the server's input.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const id = useId();
  const listId = `${id}-list`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const statusId = `${id}-status`;
  const listRef = useRef<HTMLUListElement>(null);

  // The search failed (an error in the browser, or the server could not search): said as such,
  // with a retry, and no list. Otherwise the hits shown answer what is in the field, or, while its
  // answer is on the way, an earlier keystroke's (a non-empty start of it: type-ahead narrowing) —
  // never another query's list, such as the first, unfiltered one (issue 44).
  const failed = status === "error" || searchUnavailable(results);
  useEffect(() => {
    if (status === "error" && searchError) logClientError("error", new Error(`[employer search] failed: ${searchError.name}`));
  }, [status, searchError]);
  const exact = !failed && results !== undefined && results !== null && results.query === value;
  const narrowing = (answered: string) => answered.trim() !== "" && value.toLowerCase().startsWith(answered.toLowerCase());
  const current = exact || (!failed && results !== undefined && results !== null && narrowing(results.query ?? ""));
  const options: ComboboxOption[] = [...(current ? items.map((hit) => ({ id: hit.objectID, hit })) : []), ...extraOptions];
  const keys = options.map((o) => o.id);
  const active = activeKey === null ? -1 : keys.indexOf(activeKey);
  const searched = results !== undefined && results !== null;
  // Until the answer to what is in the field has arrived (InstantSearch is idle only once no
  // request is pending; the query check covers the moment between a keystroke and that status).
  const searching = status === "loading" || status === "stalled" || (searched && results.query !== value);
  const notFound = exact && value.trim() !== "" && (results?.nbHits ?? 0) === 0 && status !== "loading" && status !== "stalled";
  // The live region says every answer, "Employer not found" too (issue 50); a failure is the alert's.
  const statusText = () => {
    if (failed) return "";
    if (status === "stalled") return "Still searching…";
    if (notFound) return EMPLOYER_NOT_FOUND;
    if (!exact || !value.trim()) return "";
    return countText(results?.nbHits ?? 0);
  };

  // Answers to earlier keystrokes may land after the person started moving through the list: the
  // active option follows its employer, and is cleared only when that employer is gone.
  const keysSignature = keys.join("\u001f");
  useEffect(() => setActiveKey((k) => keepActive(keysSignature ? keysSignature.split("\u001f") : [], k)), [keysSignature]);
  useEffect(() => {
    if (active < 0) return;
    listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: "nearest" });
  }, [active]);

  const choose = (option: ComboboxOption) => {
    if (busy) return;
    setOpen(false);
    onChoose(option.hit, option);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
      setActiveKey((k) => moveActive(keys, k, event.key === "ArrowDown" ? "down" : "up"));
    } else if (event.key === "Enter") {
      event.preventDefault();
      const option = options[active];
      if (open && option) choose(option);
    } else if (event.key === "Escape") {
      if (open) {
        event.preventDefault();
        setOpen(false);
        setActiveKey(null);
      }
    }
  };

  const describedBy = [hint ? hintId : null, statusId, error ? errorId : null].filter(Boolean).join(" ");
  const expanded = open && options.length > 0;

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-semibold text-gray-900">
        {label}
      </label>
      {hint && (
        <p id={hintId} className="text-sm text-gray-700">
          {hint}
        </p>
      )}
      <input
        id={id}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${id}-option-${active}` : undefined}
        aria-describedby={describedBy}
        aria-invalid={Boolean(error)}
        aria-busy={busy || undefined}
        data-ready={ready ? "true" : "false"}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        autoFocus={autoFocus}
        maxLength={200}
        className={inputClass}
        placeholder="Start typing, e.g. Metro Unified"
        value={value}
        readOnly={busy}
        onChange={(e) => {
          setValue(e.target.value);
          setActiveKey(null);
          setOpen(true);
          refine(e.target.value);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
      />
      <p id={statusId} role="status" className={classNames("min-h-5", notFound ? "font-semibold text-red-700" : "text-sm text-gray-700")}>
        {statusText()}
      </p>
      {notFound && (
        <div className="flex flex-col items-start gap-2" data-testid="employer-not-found">
          <p className="font-semibold text-red-700">{EMPLOYER_NOT_FOUND}</p>
          <p className="text-gray-800">{EMPLOYER_NOT_FOUND_HINT}</p>
          {onRequest && (
            <button
              type="button"
              className="min-h-11 rounded-md border border-brand px-4 py-2 text-left font-semibold text-brand"
              onClick={() => onRequest(value.trim())}
            >
              Ask us to add {value.trim()}
            </button>
          )}
        </div>
      )}
      {failed && (
        <div
          role="alert"
          className="flex flex-col items-start gap-2 rounded-md border border-red-700 px-3 py-2"
          data-testid="employer-search-failed"
        >
          <p className="text-gray-900">
            The employer search is not available right now. Please try again, or come back in a few minutes: what you typed is kept.
          </p>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
            <button type="button" className="min-h-11 font-semibold text-brand underline" onClick={() => refresh()}>
              Try the search again
            </button>
            {value.trim() && (
              <a href={employerRequestHref(value)} className="min-h-11 content-center font-semibold text-brand underline">
                Continue with “{value.trim()}”
              </a>
            )}
          </div>
        </div>
      )}
      <div
        className={classNames("overflow-hidden transition-[max-height] duration-250 ease-in-out", expanded ? "max-h-[220px]" : "max-h-0")}
        style={{ transitionDuration: "250ms" }}
      >
        <ul
          ref={listRef}
          id={listId}
          role="listbox"
          aria-label={label}
          aria-busy={searching}
          className="max-h-[220px] overflow-y-auto rounded-md border border-gray-300 bg-white"
        >
          {options.map((option, index) => {
            const place = [option.hit.city, option.hit.state].filter(Boolean).join(", ");
            return (
              <li
                key={option.id}
                id={`${id}-option-${index}`}
                data-index={index}
                role="option"
                aria-selected={index === active}
                className={classNames(
                  "flex min-h-11 cursor-pointer items-center gap-3 border-b border-gray-200 px-3 py-2 last:border-b-0",
                  index === active ? "bg-green-50 outline outline-2 -outline-offset-2 outline-brand" : "hover:bg-gray-50",
                )}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(option)}
                onMouseMove={() => setActiveKey(option.id)}
              >
                <Logo hit={option.hit} />
                <span className="flex min-w-0 flex-col">
                  <span className="font-medium text-gray-900">{option.label ?? option.hit.name}</span>
                  {place && !option.label && <span className="text-sm text-gray-700">{place}</span>}
                </span>
              </li>
            );
          })}
        </ul>
      </div>
      {/* Always in the page, so a choice that failed is heard when it is said (a region inserted with its message is not reliably read). */}
      <div role="alert" className="empty:hidden">
        {error && (
          <p id={errorId} className="text-sm font-medium text-red-700" data-field-error>
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
