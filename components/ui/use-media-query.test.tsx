/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { act, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { mockMatchMedia } from "./match-media-mock";
import { useMediaQuery } from "./use-media-query";

function Probe({ query }: { query: string }) {
  const matches = useMediaQuery(query);
  if (matches === undefined) return <p>unknown</p>;
  return <p>{matches ? "match" : "no match"}</p>;
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

  it("is unknown where matchMedia does not exist", () => {
    // jsdom ships without matchMedia.
    expect(typeof window.matchMedia).not.toBe("function");
    render(<Probe query="(min-width: 1200px)" />);
    expect(screen.getByText("unknown")).toBeInTheDocument();
  });

  it("is unknown in the server render", () => {
    const media = mockMatchMedia(1280);
    expect(renderToString(<Probe query="(min-width: 1200px)" />)).toContain("unknown");
    media.restore();
  });
});
