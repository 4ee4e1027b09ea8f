/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { act, render, screen } from "@testing-library/react";
import { mockMatchMedia } from "./match-media-mock";
import { useMediaQuery } from "./use-media-query";

function Probe({ query }: { query: string }) {
  return <p>{useMediaQuery(query) ? "match" : "no match"}</p>;
}

describe("useMediaQuery", () => {
  it("follows the viewport across the boundary", () => {
    const media = mockMatchMedia(1199);
    render(<Probe query="(min-width: 1200px)" />);
    expect(screen.getByText("no match")).toBeInTheDocument();
    act(() => media.setWidth(1200));
    expect(screen.getByText("match")).toBeInTheDocument();
    act(() => media.setWidth(320));
    expect(screen.getByText("no match")).toBeInTheDocument();
    media.restore();
  });

  it("falls back to the server value where matchMedia does not exist", () => {
    // jsdom ships without matchMedia.
    expect(typeof window.matchMedia).not.toBe("function");
    render(<Probe query="(min-width: 1200px)" />);
    expect(screen.getByText("no match")).toBeInTheDocument();
  });
});
