import { DEADLINE_TEXT, deadlineActionBody, deadlineFormText, deadlinePage, deadlineReference } from "./deadline-answer";

describe("the deadline's answer, read back by the form kit", () => {
  test("the action body's reference is the request id; any other error has none", () => {
    expect(deadlineReference(new Error(deadlineActionBody("req-12345678")))).toBe("req-12345678");
    expect(deadlineReference(new Error("An unexpected response was received from the server."))).toBeUndefined();
    expect(deadlineReference(new Error(DEADLINE_TEXT))).toBeUndefined();
    expect(deadlineReference("not an error")).toBeUndefined();
    // Nothing but a request id's shape is ever shown.
    expect(deadlineReference(new Error(`${DEADLINE_TEXT} Reference: <b>x</b> and more`))).toBeUndefined();
  });

  test("the form's words carry the reference", () => {
    expect(deadlineFormText("req-12345678")).toMatch(/could not confirm this in time.*not be sent twice\. Reference: req-12345678$/);
  });

  test("the page escapes what it prints and links only to a path of ours", () => {
    expect(deadlinePage("a<b", "//evil.example/x")).toContain(`<a href="/">Try again</a>`);
    expect(deadlinePage("a<b", "/bank")).toContain("<span>a&lt;b</span>");
  });
});
