/**
 * The Maps stand-in's browser script, served at /api/local/maps/maps.js and loaded locally only, by
 * the address field right before it loads Maps (components/widgets/after-stand-in). It defines
 * `google.maps.importLibrary` — the documented "loaded externally" path of Google's loader, which
 * @vis.gl/react-google-maps honours — and answers the calls the address field makes with the
 * shapes of the Maps JavaScript API (Places API (New) data classes and the Geocoder), backed by
 * the address book over HTTP. Plain ES2017, no imports: it runs as a classic script.
 */
export const MAPS_STAND_IN_SCRIPT = String.raw`(function () {
  "use strict";
  if (window.google && window.google.maps && window.google.maps.importLibrary) return;
  var script = document.currentScript;
  var base = script && script.src ? script.src.replace(/\/maps\.js(\?.*)?$/, "") : "/api/local/maps";

  function get(path) {
    return fetch(base + path, { headers: { accept: "application/json" }, cache: "no-store" }).then(function (res) {
      if (!res.ok) throw new MapsRequestError("The Maps stand-in answered HTTP " + res.status, "UNKNOWN_ERROR");
      return res.json();
    });
  }

  function MapsRequestError(message, code) {
    var e = new Error(message);
    e.name = "MapsRequestError";
    e.code = code;
    return e;
  }

  function LatLng(lat, lng) {
    if (lat && typeof lat === "object") { lng = lat.lng; lat = lat.lat; }
    this._lat = Number(lat);
    this._lng = Number(lng);
  }
  LatLng.prototype.lat = function () { return this._lat; };
  LatLng.prototype.lng = function () { return this._lng; };
  LatLng.prototype.toJSON = function () { return { lat: this._lat, lng: this._lng }; };
  LatLng.prototype.toString = function () { return "(" + this._lat + ", " + this._lng + ")"; };
  LatLng.prototype.equals = function (o) { return !!o && o.lat() === this._lat && o.lng() === this._lng; };

  function FormattableText(text) { this.text = text; this.matches = []; }
  FormattableText.prototype.toString = function () { return this.text; };

  var tokens = 0;
  function AutocompleteSessionToken() { this._id = "local-session-" + ++tokens; }

  function Place(options) {
    if (!options || typeof options.id !== "string") throw new Error("Place: an id is required");
    this.id = options.id;
  }
  Place.prototype.fetchFields = function (request) {
    var self = this;
    var fields = (request && request.fields) || [];
    if (!fields.length) return Promise.reject(new Error("Place.fetchFields: fields are required"));
    return get("/places/" + encodeURIComponent(self.id)).then(function (p) {
      if (!p.place) throw MapsRequestError("No place with id " + self.id, "NOT_FOUND");
      var want = function (f) { return fields.indexOf("*") >= 0 || fields.indexOf(f) >= 0; };
      if (want("formattedAddress")) self.formattedAddress = p.place.formattedAddress;
      if (want("displayName")) self.displayName = p.place.displayName;
      if (want("addressComponents")) self.addressComponents = p.place.addressComponents;
      if (want("location")) self.location = p.place.location ? new LatLng(p.place.location) : null;
      if (want("types")) self.types = ["street_address"];
      return { place: self };
    });
  };

  var AutocompleteSuggestion = {
    fetchAutocompleteSuggestions: function (request) {
      var input = request && typeof request.input === "string" ? request.input : "";
      var regions = (request && request.includedRegionCodes) || [];
      // The address book is US-only: any other region restriction has no answers.
      if (regions.length && regions.map(function (r) { return String(r).toLowerCase(); }).indexOf("us") < 0) {
        return Promise.resolve({ suggestions: [] });
      }
      return get("/autocomplete?input=" + encodeURIComponent(input)).then(function (body) {
        return {
          suggestions: body.suggestions.map(function (s) {
            return {
              placePrediction: {
                placeId: s.placeId,
                text: new FormattableText(s.text),
                mainText: new FormattableText(s.mainText),
                secondaryText: new FormattableText(s.secondaryText),
                types: ["street_address", "geocode"],
                toPlace: function () { return new Place({ id: s.placeId }); },
              },
            };
          }),
        };
      });
    },
  };

  var GeocoderStatus = { OK: "OK", ZERO_RESULTS: "ZERO_RESULTS", INVALID_REQUEST: "INVALID_REQUEST", ERROR: "ERROR" };
  function Geocoder() {}
  Geocoder.prototype.geocode = function (request, callback) {
    var address = request && request.address;
    var done = function (results, status) { if (typeof callback === "function") callback(results, status); };
    if (typeof address !== "string" || !address.trim()) {
      done(null, GeocoderStatus.INVALID_REQUEST);
      return Promise.reject(MapsRequestError("Geocoder: an address is required", GeocoderStatus.INVALID_REQUEST));
    }
    return get("/geocode?address=" + encodeURIComponent(address)).then(function (body) {
      if (body.status !== "OK") {
        done(null, body.status);
        throw MapsRequestError("Geocoding failed: " + body.status, body.status);
      }
      var results = body.results.map(function (r) {
        return {
          formatted_address: r.formatted_address,
          place_id: r.place_id,
          address_components: r.address_components,
          types: ["street_address"],
          geometry: { location: new LatLng(r.geometry.location), location_type: "ROOFTOP" },
        };
      });
      done(results, GeocoderStatus.OK);
      return { results: results };
    });
  };

  var settings = { fetchAppCheckToken: null };
  var libraries = {
    core: { LatLng: LatLng, Settings: null, event: { addListener: function () { return { remove: function () {} }; } } },
    // No map is drawn locally (the app draws none); a Map would need tiles this machine cannot serve.
    maps: {},
    places: { AutocompleteSessionToken: AutocompleteSessionToken, AutocompleteSuggestion: AutocompleteSuggestion, Place: Place },
    geocoding: { Geocoder: Geocoder, GeocoderStatus: GeocoderStatus },
  };
  var Settings = { getInstance: function () { return settings; } };
  libraries.core.Settings = Settings;

  window.google = window.google || {};
  window.google.maps = {
    version: "local-stand-in",
    Settings: Settings,
    LatLng: LatLng,
    importLibrary: function (name) {
      var lib = libraries[name];
      if (!lib) return Promise.reject(new Error("The local Maps stand-in has no library \"" + name + "\""));
      return Promise.resolve(lib);
    },
  };
})();
`;
