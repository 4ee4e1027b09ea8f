import { oneLineAddress, partsFromPlace, splitStreetLine } from "./address-parts";

const c = (longText: string, shortText: string, ...types: string[]) => ({ longText, shortText, types });

describe("partsFromPlace", () => {
  it("fills street number, street, city, state, ZIP and country from Places components", () => {
    expect(
      partsFromPlace([
        c("1600", "1600", "street_number"),
        c("Capitol Avenue", "Capitol Ave", "route"),
        c("Springfield", "Springfield", "locality", "political"),
        c("Sangamon County", "Sangamon County", "administrative_area_level_2"),
        c("Illinois", "IL", "administrative_area_level_1", "political"),
        c("United States", "US", "country", "political"),
        c("62701", "62701", "postal_code"),
      ]),
    ).toEqual({
      address: "1600 Capitol Ave",
      addrStreetNumber: "1600",
      addrStreetName: "Capitol Ave",
      addrCity: "Springfield",
      addrStateAbbr: "IL",
      addrPostalCode: "62701",
      addrCountry: "US",
    });
  });
  it("uses a sublocality when there is no locality (Brooklyn) and leaves missing parts empty", () => {
    expect(
      partsFromPlace([c("Brooklyn", "Brooklyn", "sublocality_level_1", "sublocality"), c("New York", "NY", "administrative_area_level_1")]),
    ).toEqual({
      address: "",
      addrStreetNumber: null,
      addrStreetName: null,
      addrCity: "Brooklyn",
      addrStateAbbr: "NY",
      addrPostalCode: null,
      addrCountry: null,
    });
  });
});

describe("splitStreetLine (typed by hand)", () => {
  it.each([
    ["12 Oak St", "12", "Oak St"],
    ["  12B  Oak St ", "12B", "Oak St"],
    ["108-20 71st Ave", "108-20", "71st Ave"],
    ["Oak St", null, "Oak St"],
    ["", null, null],
  ])("%p", (line, number, street) => {
    expect(splitStreetLine(line)).toEqual({ addrStreetNumber: number, addrStreetName: street });
  });
});

describe("oneLineAddress", () => {
  it("joins what is there", () => {
    expect(oneLineAddress({ address: "12 Oak St", addrCity: "Austin", addrStateAbbr: "TX", addrPostalCode: "78701" })).toBe(
      "12 Oak St, Austin, TX 78701",
    );
    expect(oneLineAddress({ address: "12 Oak St", addrCity: "", addrStateAbbr: null })).toBe("12 Oak St");
  });
});
