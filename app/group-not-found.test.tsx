/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { render, screen } from "@testing-library/react";
import DashboardNotFound from "@/app/(dashboard)/not-found";
import PublicNotFound from "@/app/(public)/not-found";

// Each group's layout draws its own chrome around these; the root not-found (paths without a route)
// draws the public chrome itself. A group's not-found with chrome would draw it twice.
describe.each([
  ["app/(public)/not-found.tsx", PublicNotFound],
  ["app/(dashboard)/not-found.tsx", DashboardNotFound],
])("%s", (_file, NotFound) => {
  it("shows the not-found notice and its way back, without chrome of its own", () => {
    render(<NotFound />);
    expect(screen.getByRole("heading", { name: "Ooops! Page not found" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to dashboard" })).toBeInTheDocument();
    expect(screen.queryByRole("banner")).not.toBeInTheDocument();
    expect(screen.queryByRole("contentinfo")).not.toBeInTheDocument();
    expect(screen.queryByRole("main")).not.toBeInTheDocument();
  });
});
