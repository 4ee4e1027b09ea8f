/// <reference types="google.maps" />
"use client";

import dynamic from "next/dynamic";
import { type KeyboardEvent, useCallback, useEffect, useEffectEvent, useId, useRef, useState } from "react";
import { FieldShell, inputClass, SelectField, TextField, type FormApi } from "@/components/forms";
import { AfterStandIn } from "@/components/widgets/after-stand-in";
import { classNames } from "@/components/ui/class-names";
import { US_STATES } from "@/lib/personal/reference-lists";
import { suggestionNote } from "@/lib/personal/states";
import { NOT_GEOCODED, oneLineAddress, partsFromPlace, splitStreetLine, type AddressParts } from "./address-parts";
import type { MapsLibraries } from "./maps-libraries";

// Google's loader and the Maps package load once the person starts on the form (below), never in its first load.
const MapsLibraryLoader = dynamic(() => import("./maps-libraries").then((m) => m.MapsLibraryLoader), { ssr: false });
const NO_LIBRARIES: MapsLibraries = { places: null, geocoding: null };

/** The fields every address form has (lib/personal/schemas.ts addressShape), as the form holds them. */
export type AddressInput = {
  address: string;
  unit?: string | null;
  addrStreetNumber?: string | null;
  addrStreetName?: string | null;
  addrCity: string;
  addrStateAbbr: string;
  addrPostalCode: string;
  addrCountry?: string | null;
  lat?: number | null;
  lng?: number | null;
};

const STATE_OPTIONS = US_STATES.map((s) => ({ value: s.abbreviation, label: s.name }));
const DEBOUNCE_MS = 150;

interface Suggestion {
  id: string;
  main: string;
  secondary: string;
  prediction: google.maps.places.PlacePrediction;
}

/**
 * The address block of every form: street address with autocomplete (Places API (New): session
 * token, AutocompleteSuggestion, Place.fetchFields), Address line 2, city, state, ZIP. Picking a
 * suggestion fills the parts and geocodes the formatted address for lat/lng; a geocode failure
 * keeps the address with -1/-1 (SPEC 5). Google's API (with the key) loads when the person first
 * focuses or touches the form the address is in, not with the page: a visit that only looks never
 * runs it, and on a phone it no longer competes with the page's own start (issue 24). Locally the
 * Maps stand-in (`mapsStandInScript`) runs first (WIDGETS.md), then the same code. Without a key,
 * or until and unless the API loads, the street field is a plain input and every field can be
 * filled by hand.
 */
export function AddressFields<In extends AddressInput>({
  form: typedForm,
  mapsApiKey,
  mapsStandInScript = null,
  legend = "Home address",
  stateHint,
  residence,
}: {
  form: FormApi<In>;
  mapsApiKey?: string;
  /** Locally the Maps stand-in's script (null elsewhere). */
  mapsStandInScript?: string | null;
  legend?: string;
  /** What the State field must be, said before it matters (the personal details: the loan request's state). */
  stateHint?: string;
  /** The loan request's state of residence, when the address must be in it. */
  residence?: string | null;
}) {
  const form = typedForm as unknown as FormApi<AddressInput>;
  const [libraries, setLibraries] = useState<MapsLibraries>(NO_LIBRARIES);
  const [mapsFailed, setMapsFailed] = useState(false);
  // Stable: the Maps provider re-runs its loading effect whenever its onError changes, and this
  // fieldset re-renders on every keystroke in the form.
  const failMaps = useCallback(() => setMapsFailed(true), []);
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-2 text-lg font-bold text-brand-dark">{legend}</legend>
      <StreetField
        form={form}
        places={libraries.places}
        geocoding={libraries.geocoding}
        // Said from the first paint wherever suggestions are offered, so the field never moves down
        // under the person's typing when Maps arrives; withdrawn if it cannot load.
        offersSuggestions={Boolean(mapsApiKey) && !mapsFailed}
        residence={residence}
      />
      {/* Google's API loads on the form's first use, not with the page: a visit that only looks never runs it. */}
      {mapsApiKey && form.inUse && (
        <AfterStandIn src={mapsStandInScript}>
          <MapsLibraryLoader apiKey={mapsApiKey} onChange={setLibraries} onFail={failMaps} />
        </AfterStandIn>
      )}
      <TextField
        form={form}
        name="unit"
        label="Address line 2"
        hint="Apartment, suite or unit"
        optional
        autoComplete="address-line2"
        maxLength={50}
      />
      <div className="grid gap-4 sm:grid-cols-[2fr_1fr_1fr]">
        <TextField
          form={form}
          name="addrCity"
          label="City"
          autoComplete="address-level2"
          maxLength={100}
          onInput={() => clearCoordinates(form)}
        />
        <SelectField
          form={form}
          name="addrStateAbbr"
          label="State"
          hint={stateHint}
          options={STATE_OPTIONS}
          autoComplete="address-level1"
        />
        <TextField
          form={form}
          name="addrPostalCode"
          label="ZIP code"
          autoComplete="postal-code"
          inputMode="numeric"
          maxLength={10}
          onInput={() => clearCoordinates(form)}
        />
      </div>
    </fieldset>
  );
}

/** An address changed by hand is no longer the one that was geocoded. */
function clearCoordinates(form: FormApi<AddressInput>) {
  if (form.values.lat !== null && form.values.lat !== undefined) {
    form.setValue("lat", null);
    form.setValue("lng", null);
  }
}

function StreetField({
  form,
  places,
  geocoding,
  offersSuggestions,
  residence,
}: {
  form: FormApi<AddressInput>;
  places: google.maps.PlacesLibrary | null;
  geocoding: google.maps.GeocodingLibrary | null;
  offersSuggestions: boolean;
  /** The loan request's state: suggestions elsewhere are marked (suggestionNote). */
  residence?: string | null;
}) {
  const listId = useId();
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState("");
  const token = useRef<google.maps.places.AutocompleteSessionToken | null>(null);
  const sequence = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const value = form.values.address ?? "";

  useEffect(() => () => clearTimeout(timer.current), []);

  const setParts = (parts: Partial<AddressParts & { lat: number | null; lng: number | null }>) => {
    for (const [key, v] of Object.entries(parts)) form.setValue(key as keyof AddressInput & string, (v ?? null) as never);
  };

  const ask = (input: string) => {
    clearTimeout(timer.current);
    const mine = ++sequence.current;
    if (!places || input.trim().length < 2) {
      setSuggestions([]);
      setOpen(false);
      return;
    }
    timer.current = setTimeout(async () => {
      try {
        token.current ??= new places.AutocompleteSessionToken();
        const { suggestions: found } = await places.AutocompleteSuggestion.fetchAutocompleteSuggestions({
          input,
          sessionToken: token.current,
          includedRegionCodes: ["us"],
          includedPrimaryTypes: ["street_address", "premise", "subpremise"],
        });
        if (mine !== sequence.current) return; // a later keystroke asked again
        const list = found.flatMap((s: google.maps.places.AutocompleteSuggestion): Suggestion[] =>
          s.placePrediction
            ? [
                {
                  id: s.placePrediction.placeId,
                  main: s.placePrediction.mainText?.text ?? s.placePrediction.text.text,
                  secondary: s.placePrediction.secondaryText?.text ?? "",
                  prediction: s.placePrediction,
                },
              ]
            : [],
        );
        setSuggestions(list);
        setActive(-1);
        setOpen(list.length > 0);
        setStatus(list.length ? `${list.length} address${list.length === 1 ? "" : "es"} found. Use the up and down arrows to choose.` : "");
      } catch {
        // Suggestions are a convenience: without them the address is typed by hand.
        if (mine === sequence.current) {
          setSuggestions([]);
          setOpen(false);
        }
      }
    }, DEBOUNCE_MS);
  };

  // Maps arrives while the person is typing (it loads on first use): what is typed already gets its
  // suggestions without waiting for another key.
  const inputRef = useRef<HTMLInputElement>(null);
  const askForTyped = useEffectEvent(() => {
    if (inputRef.current && inputRef.current === document.activeElement) ask(inputRef.current.value);
  });
  useEffect(() => {
    if (places) askForTyped();
  }, [places]);

  const pick = async (s: Suggestion) => {
    setOpen(false);
    setSuggestions([]);
    sequence.current++;
    form.setValue("address", s.main);
    try {
      const place = s.prediction.toPlace();
      await place.fetchFields({ fields: ["formattedAddress", "addressComponents", "location"] });
      token.current = null; // the session ends with fetchFields; the next search starts a new one
      const parts = partsFromPlace(place.addressComponents ?? []);
      setParts({ ...parts, address: parts.address || s.main });
      const formatted = place.formattedAddress ?? oneLineAddress(parts);
      setParts(await geocode(formatted));
      setStatus(`Address filled in: ${formatted}`);
    } catch {
      setParts(NOT_GEOCODED);
      setStatus("We couldn't look up that address. Please check the fields below.");
    }
    form.touch("address");
  };

  const geocode = async (address: string): Promise<{ lat: number; lng: number }> => {
    if (!geocoding) return NOT_GEOCODED;
    try {
      const { results } = await new geocoding.Geocoder().geocode({ address });
      const location = results[0]?.geometry.location;
      return location ? { lat: location.lat(), lng: location.lng() } : NOT_GEOCODED;
    } catch {
      return NOT_GEOCODED; // SPEC 5: keep the address, with lat and lng of -1
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (!open || suggestions.length === 0) {
      if (e.key === "ArrowDown" && suggestions.length > 0) {
        setOpen(true);
        e.preventDefault();
      }
      return;
    }
    if (e.key === "ArrowDown") {
      e.preventDefault();
      setActive((i) => (i + 1) % suggestions.length);
    } else if (e.key === "ArrowUp") {
      e.preventDefault();
      setActive((i) => (i <= 0 ? suggestions.length - 1 : i - 1));
    } else if (e.key === "Enter" && active >= 0) {
      e.preventDefault(); // choose the suggestion, don't submit the form
      void pick(suggestions[active]!);
    } else if (e.key === "Escape") {
      e.preventDefault();
      setOpen(false);
    }
  };

  const expanded = open && suggestions.length > 0;
  // On a phone (640 px and below) the keyboard covers the lower half of the screen: once suggestions
  // show, the field goes to the top of the view so the list and a suggestion's warning ("We don't
  // lend in …") are seen without scrolling (issue 50). The active suggestion stays in view in the list.
  useEffect(() => {
    if (!expanded || !window.matchMedia?.("(max-width: 640px)").matches) return;
    inputRef.current?.scrollIntoView?.({ block: "start" });
  }, [expanded]);
  useEffect(() => {
    if (active < 0) return;
    document.getElementById(`${listId}-${active}`)?.scrollIntoView?.({ block: "nearest" });
  }, [active, listId]);
  return (
    <FieldShell
      label="Street address"
      error={form.errorFor("address")}
      hint={offersSuggestions ? "Start typing and choose your address from the list" : undefined}
    >
      {(control) => (
        <div className="relative">
          <input
            {...control}
            ref={inputRef}
            name="address"
            type="text"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
            autoComplete="address-line1"
            maxLength={200}
            className={inputClass}
            value={value}
            onChange={(e) => {
              const line = e.target.value;
              form.setValue("address", line);
              setParts(splitStreetLine(line));
              clearCoordinates(form);
              ask(line);
            }}
            onKeyDown={onKeyDown}
            onBlur={(e) => {
              form.touch("address", e.relatedTarget);
              setOpen(false);
            }}
          />
          <div
            hidden={!expanded}
            className="absolute z-20 mt-1 w-full overflow-hidden rounded-md border border-gray-400 bg-white shadow-lg"
            data-testid="address-suggestions"
          >
            <ul id={listId} role="listbox" aria-label="Address suggestions" className="max-h-64 overflow-auto py-1">
              {suggestions.map((s, i) => (
                <li
                  key={s.id}
                  id={`${listId}-${i}`}
                  role="option"
                  aria-selected={i === active}
                  className={classNames(
                    "cursor-pointer px-3 py-2",
                    i === active ? "bg-brand text-white" : "text-gray-900 hover:bg-gray-100",
                  )}
                  // mousedown, not click: the input's blur would close the list before a click lands
                  onMouseDown={(e) => {
                    e.preventDefault();
                    void pick(s);
                  }}
                >
                  <span className="font-semibold">{s.main}</span>{" "}
                  <span className={i === active ? "text-white" : "text-gray-700"}>{s.secondary}</span>
                  {suggestionNote(s.secondary, residence) && (
                    <span className={classNames("block text-sm font-semibold", i === active ? "text-white" : "text-red-700")}>
                      {suggestionNote(s.secondary, residence)}
                    </span>
                  )}
                </li>
              ))}
            </ul>
            <GoogleMapsAttribution />
          </div>
          <p className="sr-only" role="status" aria-live="polite">
            {status}
          </p>
        </div>
      )}
    </FieldShell>
  );
}

/**
 * Places suggestions shown without a Google map must carry Google Maps' attribution (Places API
 * policies). The text form: "Google Maps", unchanged and untranslated, 12–16 px, in a sans-serif
 * face, #5E5E5E on white — text rather than the logo, so nothing is fetched (the CSP stays as it is).
 */
export function GoogleMapsAttribution() {
  return (
    <p
      translate="no"
      lang="en"
      className="border-t border-gray-200 px-3 py-1 text-right text-xs"
      style={{ fontFamily: "Roboto, Arial, sans-serif", color: "#5E5E5E" }}
      data-testid="maps-attribution"
    >
      Google Maps
    </p>
  );
}
