/// <reference types="google.maps" />
"use client";

import { APIProvider, useMapsLibrary } from "@vis.gl/react-google-maps";
import { useEffect } from "react";

export interface MapsLibraries {
  places: google.maps.PlacesLibrary | null;
  geocoding: google.maps.GeocodingLibrary | null;
}

const LIBRARIES = ["places", "geocoding"];

/**
 * Loads Google's Maps JavaScript API (its APIProvider, as the package documents) and reports the
 * Places and Geocoding libraries once they are there. It renders nothing, so the street field it
 * feeds stays mounted (focus and typing kept) while Maps loads; the address fields import it
 * lazily, on the form's first use, so Maps' code is no part of the page's load.
 */
export function MapsLibraryLoader({
  apiKey,
  onChange,
  onFail,
}: {
  apiKey: string;
  onChange: (libraries: MapsLibraries) => void;
  /** A failed load (no network, blocked, bad key): the libraries stay null and the plain field remains. */
  onFail: () => void;
}) {
  return (
    <APIProvider apiKey={apiKey} libraries={LIBRARIES} onError={onFail}>
      <Report onChange={onChange} />
    </APIProvider>
  );
}

function Report({ onChange }: { onChange: (libraries: MapsLibraries) => void }) {
  const places = useMapsLibrary("places");
  const geocoding = useMapsLibrary("geocoding");
  useEffect(() => onChange({ places, geocoding }), [places, geocoding, onChange]);
  return null;
}
