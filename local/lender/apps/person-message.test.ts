import { InputError } from "../data/validate";
import { UPLOAD_MESSAGES } from "../rules/upload-content";
import { personMessage } from "./lending-app";

describe("personMessage: a refusal without the internal field name (issue 42: 'file: …')", () => {
  it.each([
    [new InputError("file", UPLOAD_MESSAGES.tooLarge).message, UPLOAD_MESSAGES.tooLarge],
    [new InputError("file", UPLOAD_MESSAGES.type).message, UPLOAD_MESSAGES.type],
    [new InputError("file", "choose a file to upload").message, "Choose a file to upload."],
    [new InputError("consent", "tick the box to agree").message, "Tick the box to agree."],
    ["application: still missing: identity", "Still missing: identity."],
    ["The file is empty.", "The file is empty."],
    ["file: ", "Please check what you entered and try again."],
  ])("%j reads %j", (message, expected) => {
    expect(personMessage(message)).toBe(expected);
    expect(personMessage(message)).not.toMatch(/^file:/);
  });
});
