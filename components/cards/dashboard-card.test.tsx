/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { render, screen } from "@testing-library/react";
import { DashboardCard } from "./dashboard-card";

describe("DashboardCard", () => {
  it("links to the dashboard by default", () => {
    render(<DashboardCard title="My Loan">Balance and payments</DashboardCard>);
    expect(screen.getByRole("link", { name: "My Loan" })).toHaveAttribute("href", "/dashboard");
    expect(screen.getByRole("heading", { level: 2, name: "My Loan" })).toBeInTheDocument();
    expect(screen.getByText("Balance and payments")).toBeInTheDocument();
  });

  it("links to a given path with a chosen heading level", () => {
    render(<DashboardCard title="Statements" href="/statements" headingLevel={3} />);
    expect(screen.getByRole("link", { name: "Statements" })).toHaveAttribute("href", "/statements");
    expect(screen.getByRole("heading", { level: 3 })).toBeInTheDocument();
  });

  it("keeps the link's name to the title", () => {
    render(<DashboardCard title="Referral Hub">Invite co-workers and earn rewards</DashboardCard>);
    expect(screen.getByRole("link")).toHaveAccessibleName("Referral Hub");
  });
});
