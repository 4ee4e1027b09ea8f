"use client";

import { useMemo, useState } from "react";
import { AddressFields } from "./address-fields";
import {
  DateField,
  DraftRestored,
  Form,
  FormError,
  LiveStatus,
  MoneyField,
  PhoneField,
  SelectField,
  SsnField,
  SubmitButton,
  TextField,
  lazySchema,
  savedStatusClass,
  useZodForm,
} from "@/components/forms";
import { submitPersonalDetails } from "../actions";
import { SectionTitle } from "@/components/ui/section-title";
import { todayIso } from "@/lib/format/dates";
import { APPLICATION_SOURCES } from "@/lib/personal/reference-lists";
import { formatUsd } from "@/lib/format";
import { homeStateHint, residenceChangeTo, stateName } from "@/lib/personal/states";
import { submitThenFollow } from "./after-submit";
import { AlternateEmailField } from "./alternate-email-field";
import { ResidenceFix } from "./residence-fix";
import type { PersonalDetailsSaved } from "../saved-values";

const SOURCES = APPLICATION_SOURCES.map((s) => ({ value: s, label: s }));
const isSource = (v: string | null): v is (typeof APPLICATION_SOURCES)[number] =>
  (APPLICATION_SOURCES as readonly string[]).includes(v ?? "");

/** Step personalInformation: the full identity, sent with `identifies` and accountSettings true (SPEC 5). */
export function PersonalDetailsForm({
  saved,
  mapsApiKey,
  mapsStandInScript,
  draftKey,
}: {
  saved: PersonalDetailsSaved;
  mapsApiKey?: string;
  mapsStandInScript?: string | null;
  draftKey?: string;
}) {
  // Held here so the one-press fix of a home-state conflict (ResidenceFix) moves the rule at once.
  const [residence, setResidence] = useState(saved.stateOfResidence);
  // The fix's button goes with the conflict: its result is said in a live region, and focus moves to
  // the address's state, whose error it cleared (issue 50).
  const [residenceNote, setResidenceNote] = useState<string | null>(null);
  const schema = useMemo(
    () => lazySchema(() => import("@/lib/personal/schemas").then((m) => m.personalDetailsSchema(undefined, residence))),
    [residence],
  );
  const form = useZodForm({
    schema,
    // 18 fields: a reload keeps what was typed, never the SSN (nor the amount, which is the loan request's, not typed here).
    draft: draftKey ? { key: draftKey, omit: ["ssn", "amount"] } : undefined,
    initialValues: {
      given_name: saved.given_name ?? "",
      middle_name: saved.middle_name ?? "",
      family_name: saved.family_name ?? "",
      birthdate: saved.birthdate,
      address: saved.address ?? "",
      unit: saved.unit ?? "",
      addrStreetNumber: null,
      addrStreetName: null,
      addrCity: saved.addrCity ?? "",
      addrStateAbbr: saved.addrStateAbbr,
      addrPostalCode: saved.addrPostalCode ?? "",
      addrCountry: "US",
      lat: null,
      lng: null,
      ssn: "",
      phone_number: saved.phone_number ?? "",
      home_phone_number: saved.home_phone_number ?? "",
      personal_email: saved.personal_email ?? "",
      how_you_heard: isSource(saved.how_you_heard) ? saved.how_you_heard : null,
      referral_code: saved.referral_code ?? "",
      salary: saved.salary,
      additionalIncome: saved.additionalIncome,
      amount: saved.amount,
    },
    onSubmit: submitThenFollow(submitPersonalDetails),
  });
  const onResidenceChanged = (state: string) => {
    setResidence(state);
    setResidenceNote(`Your state of residence is now ${stateName(state)}.`);
    const field = form.formRef.current?.elements.namedItem("addrStateAbbr");
    if (field instanceof HTMLElement) field.focus();
  };
  return (
    <Form form={form} aria-labelledby="personal-details-title">
      <SectionTitle id="personal-details-title">About you</SectionTitle>
      <DraftRestored form={form}>
        We kept what you typed before the page was reloaded. Enter your Social Security number again: it is never kept.
      </DraftRestored>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField form={form} name="given_name" label="First name" kind="name" autoComplete="given-name" maxLength={50} />
        <TextField form={form} name="middle_name" label="Middle name" kind="name" autoComplete="additional-name" optional maxLength={50} />
        <TextField form={form} name="family_name" label="Last name" kind="name" autoComplete="family-name" maxLength={50} />
      </div>
      <DateField
        form={form}
        name="birthdate"
        label="Birth date"
        hint="MM/DD/YYYY. You must be 18 or older."
        autoComplete="bday"
        max={todayIso()}
      />
      <AddressFields
        form={form}
        mapsApiKey={mapsApiKey}
        mapsStandInScript={mapsStandInScript}
        stateHint={residence ? homeStateHint(residence) : undefined}
        residence={residence}
      />
      {residenceChangeTo(form.values.addrStateAbbr, residence) && (
        <ResidenceFix to={residenceChangeTo(form.values.addrStateAbbr, residence)!} onChanged={onResidenceChanged} />
      )}
      <LiveStatus message={residenceNote} className={savedStatusClass} />
      <SsnField
        form={form}
        name="ssn"
        label="Social Security number"
        hint="We use it to verify your identity. It is stored securely."
        autoComplete="off"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <PhoneField form={form} name="phone_number" label="Cell phone number" autoComplete="mobile tel-national" />
        <PhoneField form={form} name="home_phone_number" label="Home phone number" optional autoComplete="home tel-national" />
      </div>
      <AlternateEmailField form={form} />
      <div className="grid gap-4 sm:grid-cols-2">
        <MoneyField form={form} name="salary" label="Yearly salary" />
        <MoneyField form={form} name="additionalIncome" label="Additional yearly income" optional />
      </div>
      {/* Asked once: the amount is the loan request's, shown here and sent with the details (the server takes the stored one). */}
      <p className="text-gray-900" data-testid="loan-amount">
        <span className="font-semibold">Loan amount:</span>{" "}
        {formatUsd(form.values.amount, { cents: !Number.isInteger(form.values.amount) })}{" "}
        <span className="text-gray-700">(from your loan request)</span>
      </p>
      <SelectField form={form} name="how_you_heard" label="How did you hear about us?" options={SOURCES} optional />
      <TextField form={form} name="referral_code" label="Referral code" optional autoComplete="off" maxLength={64} />
      <FormError message={form.formError} />
      <SubmitButton pending={form.pending} pendingLabel="Saving…">
        Continue
      </SubmitButton>
    </Form>
  );
}
