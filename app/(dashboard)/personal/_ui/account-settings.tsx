"use client";

import { AddressFields } from "./address-fields";
import { Form, FormError, LiveStatus, PhoneField, SaveOrCancel, lazySchema, savedStatusClass } from "@/components/forms";
import { primaryButtonClass } from "@/components/forms";
import { saveAccountSettings } from "../actions";
import { classNames } from "@/components/ui/class-names";
import { SectionTitle } from "@/components/ui/section-title";
import { useEditInPlace } from "./edit-in-place";
import { AlternateEmailField } from "./alternate-email-field";
import type { AccountDetails } from "../saved-values";

const accountSettingsSchema = lazySchema(() => import("@/lib/personal/schemas").then((m) => m.accountSettingsSchema));

function Row({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div className="grid gap-1 border-b border-gray-200 py-2 sm:grid-cols-[12rem_1fr]">
      <dt className="font-semibold text-gray-800">{label}</dt>
      <dd className="text-gray-900">{value || <span className="text-gray-700">Not given</span>}</dd>
    </div>
  );
}

/**
 * Account settings (SPEC 3): the saved details read-only, with Edit for the editable fields —
 * address, Address line 2, Alternate email, Cell phone number — sent contact-only (flag false).
 */
export function AccountSettings({
  details,
  mapsApiKey,
  mapsStandInScript,
}: {
  details: AccountDetails;
  mapsApiKey?: string;
  mapsStandInScript?: string | null;
}) {
  const initial = {
    address: details.address ?? "",
    unit: details.unit ?? "",
    addrStreetNumber: details.addrStreetNumber,
    addrStreetName: details.addrStreetName,
    addrCity: details.addrCity ?? "",
    addrStateAbbr: details.addrStateAbbr,
    addrPostalCode: details.addrPostalCode ?? "",
    addrCountry: details.addrCountry ?? "US",
    lat: details.lat,
    lng: details.lng,
    personal_email: details.personal_email ?? "",
    phone_number: details.phone_number ?? "",
  };
  const {
    form,
    editing,
    saved,
    opener,
    region: editRegion,
    open,
    cancel,
  } = useEditInPlace({
    schema: accountSettingsSchema,
    initialValues: initial,
    action: saveAccountSettings,
  });

  const street = [details.address, details.unit].filter(Boolean).join(", ");
  // Older records hold the whole one-line address in `address`; don't repeat the city then.
  const region =
    details.address && details.addrCity && details.address.includes(details.addrCity)
      ? ""
      : [details.addrCity, [details.addrStateAbbr, details.addrPostalCode].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  return (
    <section aria-labelledby="account-settings-title" className="flex flex-col gap-4">
      <SectionTitle id="account-settings-title">Your details</SectionTitle>
      <LiveStatus message={editing ? null : saved} className={savedStatusClass} />
      {/* The part that opens in place, for its focus (useEditInPlace); it adds no box of its own. */}
      <div ref={editRegion} className="contents">
        {!editing ? (
          <>
            <dl>
              <Row label="Name" value={details.name} />
              <Row label="Birth date" value={details.birthdate} />
              <Row label="Social Security number" value={details.ssnLastFour ? `•••-••-${details.ssnLastFour}` : null} />
              <Row label="Address" value={[street, region].filter(Boolean).join(", ")} />
              <Row label="Alternate email" value={details.personal_email} />
              <Row label="Cell phone number" value={details.phoneShown} />
              <Row label="Home phone number" value={details.homePhoneShown} />
            </dl>
            <button ref={opener} type="button" className={classNames(primaryButtonClass, "self-start")} onClick={open}>
              Edit contact details
            </button>
          </>
        ) : (
          <Form form={form} aria-labelledby="account-settings-title">
            <AddressFields form={form} mapsApiKey={mapsApiKey} mapsStandInScript={mapsStandInScript} legend="Address" />
            <AlternateEmailField form={form} />
            <PhoneField form={form} name="phone_number" label="Cell phone number" autoComplete="mobile tel-national" />
            <FormError message={form.formError} />
            <SaveOrCancel pending={form.pending} onCancel={cancel} />
          </Form>
        )}
      </div>
    </section>
  );
}
