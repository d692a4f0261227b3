// @vitest-environment jsdom
/**
 * The city combobox (app/components/search/CityCombobox.tsx, ADR 174): the ARIA roles are there from hydration on,
 * what it does when used (./city-suggester) comes on the field's first focus, and then it behaves as an ARIA 1.2
 * combobox — debounced suggestions from the city-suggest route, the arrow keys, enter picks, escape closes — also for
 * what was typed while its code was on its way. Only the route's answer is faked (msw).
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CityCombobox, type CityChoice } from "~/components/search/CityCombobox";
import { serverI18n } from "~/i18n/i18next.server";
import { listenWithMsw, server } from "../../msw/server";

const HAMBURG: CityChoice = { key: "de-hamburg", name: "Hamburg", region: "Hamburg" };
const HAMBURG_BAY: CityChoice = { key: "de-hamburg-bayern", name: "Hamburg", region: "Bayern" };

let asked: string[];

function mount(onPick: (city: CityChoice) => void) {
  const router = createMemoryRouter(
    [{ path: "/:lang/*", element: <CityCombobox defaultValue="" label="Ort" describedBy="city-hint" onPick={onPick} /> }],
    { initialEntries: ["/de/escorts"] },
  );
  render(
    <I18nextProvider i18n={serverI18n("de")}>
      <RouterProvider router={router} future={{ v7_startTransition: true }} />
    </I18nextProvider>,
  );
  return screen.getByLabelText("Ort") as HTMLInputElement;
}

function type(input: HTMLInputElement, text: string) {
  fireEvent.change(input, { target: { value: text } });
}

listenWithMsw();

beforeEach(() => {
  asked = [];
  server.use(
    http.get("*/de/search/city-suggest", ({ request }) => {
      const q = new URL(request.url).searchParams.get("q") ?? "";
      asked.push(q);
      return HttpResponse.json(q.toLowerCase().startsWith("hamb") ? [HAMBURG, HAMBURG_BAY] : []);
    }),
  );
});

afterEach(() => cleanup());

describe("CityCombobox", () => {
  it("is a combobox with its (empty, hidden) listbox from hydration on", async () => {
    const input = mount(() => undefined);
    await waitFor(() => expect(input.getAttribute("role")).toBe("combobox"));
    expect(input.getAttribute("aria-expanded")).toBe("false");
    expect(input.getAttribute("autocomplete")).toBe("off");
    const list = document.getElementById(input.getAttribute("aria-controls")!)!;
    expect(list.getAttribute("role")).toBe("listbox");
    expect(list.hidden).toBe(true);
  });

  it("suggests after the first focus, moves with the arrow keys and picks with enter", async () => {
    const onPick = vi.fn();
    const input = mount(onPick);
    await waitFor(() => expect(input.getAttribute("role")).toBe("combobox"));
    act(() => input.focus());
    fireEvent.focus(input);
    type(input, "hambu");
    await waitFor(() => expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(["Hamburg, Hamburg", "Hamburg, Bayern"]));
    expect(input.getAttribute("aria-expanded")).toBe("true");
    expect(asked).toEqual(["hambu"]);

    fireEvent.keyDown(input, { key: "ArrowDown" });
    fireEvent.keyDown(input, { key: "ArrowDown" });
    expect(input.getAttribute("aria-activedescendant")).toMatch(/-option-1$/);
    expect(screen.getAllByRole("option")[1]!.getAttribute("aria-selected")).toBe("true");

    fireEvent.keyDown(input, { key: "Enter" });
    expect(onPick).toHaveBeenCalledWith(HAMBURG_BAY);
    expect(input.value).toBe("Hamburg");
    expect(input.getAttribute("aria-expanded")).toBe("false");
    expect(input.getAttribute("aria-activedescendant")).toBeNull();
  });

  it("asks once for a burst of typing, and not below two characters", async () => {
    const input = mount(() => undefined);
    await waitFor(() => expect(input.getAttribute("role")).toBe("combobox"));
    act(() => input.focus());
    fireEvent.focus(input);
    // The suggestions' code is in once a request is possible.
    await act(() => import("~/components/search/city-suggester"));
    type(input, "h");
    type(input, "ha");
    type(input, "ham");
    type(input, "hamb");
    await waitFor(() => expect(screen.getAllByRole("option")).toHaveLength(2));
    expect(asked).toEqual(["hamb"]);
    type(input, "h");
    expect(input.getAttribute("aria-expanded")).toBe("false");
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(asked).toEqual(["hamb"]);
  });

  it("closes on escape and on leaving the field, and a pointer pick goes through", async () => {
    const onPick = vi.fn();
    const input = mount(onPick);
    await waitFor(() => expect(input.getAttribute("role")).toBe("combobox"));
    act(() => input.focus());
    fireEvent.focus(input);
    type(input, "hamb");
    await waitFor(() => expect(input.getAttribute("aria-expanded")).toBe("true"));
    fireEvent.keyDown(input, { key: "Escape" });
    expect(input.getAttribute("aria-expanded")).toBe("false");

    fireEvent.keyDown(input, { key: "ArrowDown" });
    expect(input.getAttribute("aria-expanded")).toBe("true");
    fireEvent.blur(input);
    expect(input.getAttribute("aria-expanded")).toBe("false");

    fireEvent.keyDown(input, { key: "ArrowUp" });
    fireEvent.mouseDown(screen.getAllByRole("option")[0]!);
    expect(onPick).toHaveBeenCalledWith(HAMBURG);
    expect(input.value).toBe("Hamburg");
  });

  it("suggests for what was typed while its code was on its way", async () => {
    const input = mount(() => undefined);
    await waitFor(() => expect(input.getAttribute("role")).toBe("combobox"));
    act(() => input.focus());
    // Typed at once, before the chunk the focus asked for is in.
    fireEvent.focus(input);
    type(input, "hambu");
    await waitFor(() => expect(screen.getAllByRole("option")).toHaveLength(2));
    expect(asked).toEqual(["hambu"]);
  });
});
