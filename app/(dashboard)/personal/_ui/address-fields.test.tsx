/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { z } from "zod";
import { Form, TextField, loadedSchema, useZodForm } from "@/components/forms";
import { addressShape } from "@/lib/personal/schemas";
import { AddressFields } from "./address-fields";
import type { MapsLibraries } from "./maps-libraries";

/** What the Maps loader was given at each render, and how often it mounted: the test plays Google's API arriving or failing. */
const loaders: { onChange: (libraries: MapsLibraries) => void; onFail: () => void }[] = [];
const mounts = { count: 0 };
jest.mock("next/dynamic", () => () => {
  const { useEffect } = jest.requireActual<typeof import("react")>("react");
  return function MapsLibraryLoader(props: (typeof loaders)[number]) {
    loaders.push(props);
    useEffect(() => {
      mounts.count++;
    }, []);
    return null;
  };
});

const schema = z.object({ given_name: z.string(), ...addressShape });
const empty = {
  given_name: "",
  address: "",
  unit: null,
  addrStreetNumber: null,
  addrStreetName: null,
  addrCountry: null,
  addrCity: "",
  addrStateAbbr: "",
  addrPostalCode: "",
  lat: null,
  lng: null,
};

function Harness({ mapsApiKey }: { mapsApiKey?: string }) {
  const form = useZodForm({ schema: loadedSchema(schema), initialValues: empty, onSubmit: () => undefined });
  return (
    <Form form={form} aria-label="About you">
      <TextField form={form} name="given_name" label="First name" />
      <AddressFields form={form} mapsApiKey={mapsApiKey} />
    </Form>
  );
}

const HINT = "Start typing and choose your address from the list";
const suggestions = () =>
  within(screen.getByRole("listbox", { name: "Address suggestions", hidden: true })).queryAllByRole("option", { hidden: true });

/** A Places library whose suggestions name what was typed. */
function fakePlaces(asked: string[]) {
  return {
    AutocompleteSessionToken: class {},
    AutocompleteSuggestion: {
      fetchAutocompleteSuggestions: async ({ input }: { input: string }) => {
        asked.push(input);
        return {
          suggestions: [{ placePrediction: { placeId: "p1", text: { text: `${input} Ave` }, mainText: { text: `${input} Ave` } } }],
        };
      },
    },
  } as unknown as google.maps.PlacesLibrary;
}

beforeEach(() => {
  loaders.length = 0;
  mounts.count = 0;
});

describe("AddressFields: Google's Maps API on the form's first use (issue 24)", () => {
  it("does not load Maps with the page, and says suggestions are offered from the first paint", () => {
    render(<Harness mapsApiKey="key" />);
    expect(mounts.count).toBe(0);
    expect(screen.getByText(HINT)).toBeVisible();
  });

  it("loads Maps on the first focus anywhere in the form, once", async () => {
    const user = userEvent.setup();
    render(<Harness mapsApiKey="key" />);
    await user.click(screen.getByLabelText("First name"));
    await waitFor(() => expect(mounts.count).toBe(1)); // after the tap's paint
    await user.click(screen.getByRole("combobox", { name: /Street address/ }));
    await user.click(screen.getByLabelText("First name"));
    expect(mounts.count).toBe(1);
    expect(screen.getByText(HINT)).toBeVisible();
  });

  it("loads Maps on a touch that does not move focus, once the finger lifts", async () => {
    render(<Harness mapsApiKey="key" />);
    const group = screen.getByRole("group", { name: "Home address" });
    act(() => {
      group.dispatchEvent(new Event("pointerdown", { bubbles: true }));
    });
    expect(mounts.count).toBe(0);
    act(() => {
      group.dispatchEvent(new Event("pointerup", { bubbles: true }));
    });
    await waitFor(() => expect(mounts.count).toBe(1));
  });

  it("never loads Maps without a key, and offers no suggestions", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole("combobox", { name: /Street address/ }));
    await user.keyboard("1600 Cap");
    expect(mounts.count).toBe(0);
    expect(screen.queryByText(HINT)).toBeNull();
  });

  it("withdraws the hint when Maps cannot load; the street field still takes the address by hand", async () => {
    const user = userEvent.setup();
    render(<Harness mapsApiKey="key" />);
    const street = screen.getByRole("combobox", { name: /Street address/ });
    await user.click(street);
    await waitFor(() => expect(loaders.length).toBeGreaterThan(0));
    act(() => loaders.at(-1)!.onFail());
    expect(screen.queryByText(HINT)).toBeNull();
    await user.keyboard("77 Harbor Rd");
    expect(street).toHaveValue("77 Harbor Rd");
    expect(suggestions()).toHaveLength(0);
  });

  it("suggests for what was typed while Maps was loading, without another key", async () => {
    const user = userEvent.setup();
    render(<Harness mapsApiKey="key" />);
    const street = screen.getByRole("combobox", { name: /Street address/ });
    await user.click(street);
    await user.keyboard("1600 Capitol");
    const asked: string[] = [];
    act(() => loaders.at(-1)!.onChange({ places: fakePlaces(asked), geocoding: null }));
    expect(await screen.findByRole("option", { name: "1600 Capitol Ave" })).toBeInTheDocument();
    expect(asked).toEqual(["1600 Capitol"]);
    expect(street).toHaveFocus();
  });

  it("does not ask for suggestions when Maps arrives after the person has left the street field", async () => {
    const user = userEvent.setup();
    render(<Harness mapsApiKey="key" />);
    await user.click(screen.getByRole("combobox", { name: /Street address/ }));
    await user.keyboard("1600 Capitol");
    await user.click(screen.getByLabelText("First name"));
    const asked: string[] = [];
    act(() => loaders.at(-1)!.onChange({ places: fakePlaces(asked), geocoding: null }));
    await new Promise((done) => setTimeout(done, 300));
    expect(asked).toEqual([]);
    expect(suggestions()).toHaveLength(0);
  });
});
