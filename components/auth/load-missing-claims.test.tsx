/** @jest-environment jsdom */
import { act, render } from "@testing-library/react";
import { useRouter } from "next/navigation";
import type { ClaimsRefresh } from "@/lib/auth/refresh-claims";
import { LoadMissingClaims } from "./load-missing-claims";

jest.mock("next/navigation", () => ({ useRouter: jest.fn() }));
const routerRefresh = jest.fn();
jest.mocked(useRouter).mockReturnValue({ refresh: routerRefresh } as unknown as ReturnType<typeof useRouter>);

beforeEach(() => routerRefresh.mockClear());

const loaded = { ok: true, claims: {}, load: {} } as unknown as ClaimsRefresh;

describe("LoadMissingClaims", () => {
  it("loads the claims once and renders the page again with them", async () => {
    const refresh = jest.fn(async () => loaded);
    const { rerender } = render(<LoadMissingClaims refresh={refresh} />);
    await act(async () => undefined);
    rerender(<LoadMissingClaims refresh={refresh} />);
    await act(async () => undefined);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(routerRefresh).toHaveBeenCalledTimes(1);
  });

  it.each<ClaimsRefresh>([
    { ok: false, reason: "signed-out" },
    { ok: false, reason: "load-failed" },
    { ok: false, reason: "network" },
  ])("leaves the page as it is when the load fails ($reason): no loop of re-renders", async (failure) => {
    const refresh = jest.fn(async () => failure);
    render(<LoadMissingClaims refresh={refresh} />);
    await act(async () => undefined);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(routerRefresh).not.toHaveBeenCalled();
  });

  it("does not re-render a page that has gone meanwhile", async () => {
    let answer!: (r: ClaimsRefresh) => void;
    const refresh = jest.fn(() => new Promise<ClaimsRefresh>((resolve) => (answer = resolve)));
    const { unmount } = render(<LoadMissingClaims refresh={refresh} />);
    unmount();
    await act(async () => answer(loaded));
    expect(routerRefresh).not.toHaveBeenCalled();
  });
});
