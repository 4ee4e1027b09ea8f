import { clearAllDrafts, draftStore, restoreDraft, type DraftStorage } from "./draft-store";

function memoryStorage(): DraftStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, String(v)),
    removeItem: (k) => void map.delete(k),
  };
}

describe("draftStore", () => {
  it("keeps a form's values under its key, never the omitted fields, and forgets them on clear", () => {
    const storage = memoryStorage();
    const store = draftStore(storage);
    store.save("personal-details:ann", { given_name: "Ann", ssn: "123456789", salary: 52000 }, ["ssn"]);
    expect([...storage.map.values()].join()).not.toContain("123456789");
    expect(store.load("personal-details:ann")).toEqual({ given_name: "Ann", salary: 52000 });
    expect(store.load("personal-details:bob")).toBeNull();
    store.clear("personal-details:ann");
    expect(store.load("personal-details:ann")).toBeNull();
  });

  it.each([
    ["no storage", null],
    [
      "storage that throws (blocked, full)",
      {
        getItem: () => {
          throw new Error("SecurityError");
        },
        setItem: () => {
          throw new Error("QuotaExceededError");
        },
        removeItem: () => {
          throw new Error("SecurityError");
        },
      },
    ],
  ])("%s: nothing is kept and nothing throws", (_name, storage) => {
    const store = draftStore(storage);
    expect(() => store.save("k", { a: 1 }, [])).not.toThrow();
    expect(store.load("k")).toBeNull();
    expect(() => store.clear("k")).not.toThrow();
  });

  it.each(["not json", "[1,2]", "42", "null"])("a stored %s is no draft", (raw) => {
    const storage = memoryStorage();
    storage.setItem("form-draft:k", raw);
    expect(draftStore(storage).load("k")).toBeNull();
  });
});

describe("clearAllDrafts", () => {
  function storageWith(entries: Record<string, string>) {
    const map = new Map(Object.entries(entries));
    return {
      map,
      get length() {
        return map.size;
      },
      key: (i: number) => [...map.keys()][i] ?? null,
      removeItem: (k: string) => void map.delete(k),
    };
  }

  it("removes every draft, whoever's and whichever form's, and leaves other keys", () => {
    const storage = storageWith({ "form-draft:a:sub-1": "{}", "shell.loop": "1", "form-draft:b:sub-2": "{}", other: "x" });
    clearAllDrafts(storage);
    expect([...storage.map.keys()]).toEqual(["shell.loop", "other"]);
  });

  it("does nothing without storage, or when storage throws", () => {
    expect(() => clearAllDrafts(null)).not.toThrow();
    const broken = {
      length: 1,
      key: () => {
        throw new Error("blocked");
      },
      removeItem: () => undefined,
    };
    expect(() => clearAllDrafts(broken)).not.toThrow();
  });
});

describe("restoreDraft", () => {
  const initial = {
    given_name: "",
    salary: null as number | null,
    state: "IL" as string | null,
    ssn: "",
    military: null as boolean | null,
  };

  it("lays the draft's fields over the initial values", () => {
    expect(restoreDraft(initial, { given_name: "Ann", salary: 52000, state: "ME", military: false }, [])).toEqual({
      given_name: "Ann",
      salary: 52000,
      state: "ME",
      ssn: "",
      military: false,
    });
  });

  it.each([
    ["an omitted field (the SSN)", { ssn: "123456789" }],
    ["a field the form does not have", { admin: true }],
    ["a number where the form holds text", { given_name: 5 }],
    ["an object for an empty field", { salary: { $gt: 0 } }],
    ["the same values as the form's", { given_name: "", state: "IL" }],
    ["no draft", null],
  ])("ignores %s", (_name, draft) => {
    expect(restoreDraft(initial, draft as Record<string, unknown> | null, ["ssn"])).toBeNull();
  });

  it("a field cleared in the draft comes back empty", () => {
    expect(restoreDraft(initial, { state: null }, [])).toMatchObject({ state: null });
  });
});
