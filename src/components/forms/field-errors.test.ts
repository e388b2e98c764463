import { describe, expect, it, vi } from "vitest";
import type { HttpError } from "@refinedev/core";
import { placeFieldErrors } from "./field-errors";

const FIELDS = ["name", "role_id"] as const;
const problem = (errors?: HttpError["errors"]): HttpError => ({ statusCode: 400, message: "The request has invalid fields.", errors });

describe("placeFieldErrors", () => {
  it("puts every field's error on its field and leaves nothing for the alert", () => {
    const setError = vi.fn();
    expect(placeFieldErrors(problem({ name: ["validation.nameTaken"] }), FIELDS, setError)).toBeNull();
    expect(setError).toHaveBeenCalledWith("name", { type: "server", message: "validation.nameTaken" });
  });

  it("answers the first error that has no field, after placing the others", () => {
    const setError = vi.fn();
    const alert = placeFieldErrors(problem({ role_id: ["validation.required"], resource_group_id: ["validation.notFound"] }), FIELDS, setError);
    expect(alert).toBe("validation.notFound");
    expect(setError).toHaveBeenCalledTimes(1);
  });

  it("answers the problem's message when it names no field", () => {
    const setError = vi.fn();
    expect(placeFieldErrors(problem(), FIELDS, setError)).toBe("The request has invalid fields.");
    expect(setError).not.toHaveBeenCalled();
  });
});
