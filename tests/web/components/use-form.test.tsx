// @vitest-environment jsdom
/**
 * The form kit's browser half (ADR 156): fields bound to the server's reply, and validation in the browser with the
 * form's own schema, loaded only when the form is first used — the same messages at the same fields as the action's.
 */
import type { SubmissionResult } from "@conform-to/react";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loginFormSchema } from "~/features/auth/login-form";
import {
  flattenValue,
  getCollectionProps,
  getFormProps,
  getInputProps,
  getSelectProps,
  mergeErrors,
  useForm,
  type FormOptions,
} from "~/components/form/use-form";

afterEach(cleanup);

function Login(options: Omit<FormOptions, "id">) {
  const [form, fields] = useForm({ id: "login", ...options });
  return (
    <form {...getFormProps(form)} data-testid="form">
      <p data-testid="form-errors">{form.errors?.join(",") ?? ""}</p>
      <input {...getInputProps(fields.username, { type: "text" })} aria-label="username" />
      <span data-testid="username-errors">{fields.username.errors?.join(",") ?? ""}</span>
      <input {...getInputProps(fields.password, { type: "password" })} aria-label="password" />
      <span data-testid="password-errors">{fields.password.errors?.join(",") ?? ""}</span>
      <button type="submit">go</button>
    </form>
  );
}

/** Lets the dynamic imports (the schema, the validator) settle. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

function submit(): boolean {
  const event = new Event("submit", { bubbles: true, cancelable: true });
  act(() => void screen.getByTestId("form").dispatchEvent(event));
  return event.defaultPrevented;
}

describe("useForm (the kit's browser half)", () => {
  it("loads the schema only on the form's first use", async () => {
    const schema = vi.fn(async () => loginFormSchema);
    render(<Login schema={schema} shouldValidate="onBlur" />);
    expect(schema).not.toHaveBeenCalled();
    fireEvent.focusIn(screen.getByLabelText("username"));
    await settle();
    expect(schema).toHaveBeenCalledTimes(1);
    fireEvent.focusIn(screen.getByLabelText("password"));
    expect(schema).toHaveBeenCalledTimes(1);
  });

  it("shows a field's error when it is left, and clears it on input once corrected (onBlur / onInput)", async () => {
    render(<Login schema={async () => loginFormSchema} shouldValidate="onBlur" shouldRevalidate="onInput" />);
    const username = screen.getByLabelText("username");
    fireEvent.focusIn(username);
    await settle();
    fireEvent.focusOut(username);
    expect(screen.getByTestId("username-errors").textContent).toBe("validation.required");
    // The password was not visited: no error there yet.
    expect(screen.getByTestId("password-errors").textContent).toBe("");
    expect(username.getAttribute("aria-invalid")).toBe("true");
    expect(username.getAttribute("aria-describedby")).toBe("login-username-error");
    fireEvent.input(username, { target: { value: "anna" } });
    expect(screen.getByTestId("username-errors").textContent).toBe("");
  });

  it("stops a submit with errors at every field and focuses the first; lets a valid one through", async () => {
    render(<Login schema={async () => loginFormSchema} shouldValidate="onBlur" />);
    fireEvent.focusIn(screen.getByLabelText("username"));
    await settle();
    expect(submit()).toBe(true);
    expect(screen.getByTestId("username-errors").textContent).toBe("validation.required");
    expect(screen.getByTestId("password-errors").textContent).toBe("validation.required");
    expect(document.activeElement).toBe(screen.getByLabelText("username"));
    fireEvent.input(screen.getByLabelText("username"), { target: { value: "anna" } });
    fireEvent.input(screen.getByLabelText("password"), { target: { value: "secret-1" } });
    expect(submit()).toBe(false);
  });

  it("lets the post go to the server while the schema is not loaded, and without a schema", () => {
    render(<Login schema={() => new Promise(() => undefined)} />);
    expect(submit()).toBe(false);
    cleanup();
    render(<Login />);
    expect(submit()).toBe(false);
  });

  it("shows the server's reply: the input kept, each error at its field, the form's own above", () => {
    const reply: SubmissionResult<string[]> = {
      status: "error",
      initialValue: { username: "anna" },
      error: { username: ["exception.login.failed"], password: null, "": ["validation.correct_all_fields"] },
    };
    render(<Login lastResult={reply} defaultValue={{ username: "ignored" }} />);
    expect((screen.getByLabelText("username") as HTMLInputElement).value).toBe("anna");
    expect(screen.getByTestId("username-errors").textContent).toBe("exception.login.failed");
    expect(screen.getByTestId("password-errors").textContent).toBe("");
    expect(screen.getByTestId("form-errors").textContent).toBe("validation.correct_all_fields");
  });

  it("keeps a server's error at a field the browser has not checked again", async () => {
    const reply: SubmissionResult<string[]> = { status: "error", initialValue: {}, error: { password: ["exception.login.failed"] } };
    render(<Login lastResult={reply} schema={async () => loginFormSchema} shouldValidate="onBlur" />);
    const username = screen.getByLabelText("username");
    fireEvent.focusIn(username);
    await settle();
    fireEvent.input(username, { target: { value: "anna" } });
    fireEvent.focusOut(username);
    expect(screen.getByTestId("password-errors").textContent).toBe("exception.login.failed");
  });
});

describe("the kit's props and state helpers", () => {
  const field = { name: "kind", id: "f-kind", errorId: "f-kind-error", formId: "f", initialValue: "b" as unknown, errors: undefined };

  it("names nested values as the form's fields are named", () => {
    expect(flattenValue({ prices: { p15: 50 }, extras: [{ name: "x" }] })).toEqual({
      prices: { p15: 50 },
      "prices.p15": 50,
      extras: [{ name: "x" }],
      "extras[0]": { name: "x" },
      "extras[0].name": "x",
    });
  });

  it("replaces the errors of the checked fields only", () => {
    const shown = { a: ["old"], "b[0].c": ["old"], d: ["server"] };
    expect(mergeErrors(shown, { a: ["new"] }, ["a", "b"])).toEqual({ a: ["new"], d: ["server"] });
    expect(mergeErrors(shown, {}, "all")).toEqual({});
  });

  it("builds controls with conform's ids, values and checked states", () => {
    expect(getInputProps({ ...field, initialValue: "on" }, { type: "checkbox" })).toMatchObject({
      value: "on",
      defaultChecked: true,
      form: "f",
    });
    expect(getSelectProps(field)).toMatchObject({ id: "f-kind", name: "kind", defaultValue: "b" });
    expect(getCollectionProps(field, { type: "radio", options: ["a", "b"] }).map((props) => [props.id, props.defaultChecked])).toEqual([
      ["f-kind-a", false],
      ["f-kind-b", true],
    ]);
    expect(getSelectProps({ ...field, errors: ["x"] })).toMatchObject({ "aria-invalid": true, "aria-describedby": "f-kind-error" });
    expect(getSelectProps({ ...field, errors: ["x"] }, { ariaAttributes: false })).not.toHaveProperty("aria-invalid");
  });
});
