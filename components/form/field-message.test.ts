import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fieldMessage } from "./field-message";

/** zod's own default wording for a value, as the form's resolver passes it on. */
const zodMessage = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

describe("fieldMessage", () => {
  it("writes zod's default messages as sentences about the labelled field", () => {
    expect(fieldMessage(zodMessage(z.string().min(1), ""), "Title")).toBe("Title is required");
    expect(fieldMessage(zodMessage(z.object({ a: z.string() }), {}), "Title")).toBe("Title is required");
    expect(fieldMessage(zodMessage(z.string().max(200), "x".repeat(201)), "Title")).toBe("Title can be at most 200 characters long");
    expect(fieldMessage(zodMessage(z.number().min(1), 0), "Length (minutes)")).toBe("Length (minutes) must be at least 1");
    expect(fieldMessage(zodMessage(z.number(), Number.NaN), "Length (minutes)")).toBe("Length (minutes) must be a number");
    expect(fieldMessage(zodMessage(z.email(), "nope"), "E-mail")).toBe("E-mail must be an e-mail address such as name@example.com");
    expect(fieldMessage(zodMessage(z.enum(["a", "b"]), "c"), "Role")).toBe("Choose one of the options for Role");
  });

  it("names an optional field without its annotation", () => {
    expect(fieldMessage(zodMessage(z.string().max(1000), "x".repeat(1001)), "Bio (optional)")).toBe("Bio can be at most 1000 characters long");
  });

  it("keeps a message the schema wrote itself", () => {
    expect(fieldMessage("The end time must be after the start time", "to")).toBe("The end time must be after the start time");
    expect(fieldMessage(undefined, "Title")).toBeUndefined();
  });
});
