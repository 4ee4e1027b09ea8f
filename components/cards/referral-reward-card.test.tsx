/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { render, screen } from "@testing-library/react";
import { DEFAULT_REFERRAL_REWARD, ReferralRewardCard, referralProgress } from "./referral-reward-card";

function renderCard(count: number, total = DEFAULT_REFERRAL_REWARD.total) {
  return render(<ReferralRewardCard {...DEFAULT_REFERRAL_REWARD} total={total} count={count} />);
}

describe("ReferralRewardCard", () => {
  it("shows header, text and image", () => {
    renderCard(0);
    expect(screen.getByRole("heading", { name: "First reward" })).toBeInTheDocument();
    expect(screen.getByText(/\$50 gift card\./)).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "$50 gift card" })).toHaveAttribute("src", "/images/gift-card-50.svg");
  });

  it.each([
    [0, "0/5", 0],
    [1, "1/5", 20],
    [4, "4/5", 80],
    [-3, "0/5", 0],
    [2.7, "2/5", 40],
  ])("count %p shows %s and a bar at %p%%", (count, shown, percent) => {
    renderCard(count);
    expect(screen.getByText(shown)).toBeInTheDocument();
    expect(screen.queryByText("Completed")).not.toBeInTheDocument();
    expect(screen.getByRole("progressbar", { name: "First reward progress" })).toHaveAttribute("aria-valuenow", String(percent));
  });

  it.each([5, 6, 100])("count %p of 5 shows Completed without a bar", (count) => {
    renderCard(count);
    expect(screen.getByText("Completed")).toBeInTheDocument();
    expect(screen.queryByText(/\d+\/5/)).not.toBeInTheDocument();
    expect(screen.queryByRole("progressbar")).not.toBeInTheDocument();
  });

  it("is Completed at count = total for other totals too", () => {
    renderCard(10, 10);
    expect(screen.getByText("Completed")).toBeInTheDocument();
  });
});

describe("referralProgress", () => {
  it.each([
    [0, 5, { count: 0, completed: false, percent: 0 }],
    [4, 5, { count: 4, completed: false, percent: 80 }],
    [5, 5, { count: 5, completed: true, percent: 100 }],
    [7, 5, { count: 7, completed: true, percent: 100 }],
    [-1, 5, { count: 0, completed: false, percent: 0 }],
    [Number.NaN, 5, { count: 0, completed: false, percent: 0 }],
    [0, 0, { count: 0, completed: true, percent: 100 }],
    [0, -2, { count: 0, completed: true, percent: 100 }],
  ])("(%p, %p)", (count, total, expected) => {
    expect(referralProgress(count, total)).toEqual(expected);
  });
});

describe("DEFAULT_REFERRAL_REWARD", () => {
  it("is the first reward at 5 referrals, a 50-dollar gift card", () => {
    expect(DEFAULT_REFERRAL_REWARD.total).toBe(5);
    expect(DEFAULT_REFERRAL_REWARD.text).toContain("$50 gift card");
  });
});
