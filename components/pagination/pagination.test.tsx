/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { Pagination } from "./pagination";
import { usePagination } from "./use-pagination";

const pageButtons = () =>
  within(screen.getByRole("navigation", { name: "Statements pages" }))
    .getAllByRole("button", { name: /^Page / })
    .map((b) => b.textContent);

/** A list wired the way pages use it, with controls to change the total and the page size. */
function StatementList({ initialTotal }: { initialTotal: number }) {
  const [total, setTotal] = useState(initialTotal);
  const [size, setSize] = useState(10);
  const items = Array.from({ length: total }, (_, i) => `Statement ${i + 1}`);
  const p = usePagination({ totalItems: total, pageSize: size });
  return (
    <>
      <ul aria-label="Statements">
        {items.slice(p.startIndex, p.endIndex).map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ul>
      <button type="button" onClick={() => setTotal((t) => t - 1)}>
        Remove one
      </button>
      <button type="button" onClick={() => setSize(20)}>
        20 per page
      </button>
      <Pagination page={p.page} pageCount={p.pageCount} onPageChange={p.setPage} label="Statements pages" />
    </>
  );
}

const listed = () =>
  within(screen.getByRole("list", { name: "Statements" }))
    .getAllByRole("listitem")
    .map((li) => li.textContent);

describe("Pagination", () => {
  it("renders nothing for a single page", () => {
    const { container } = render(<Pagination page={1} pageCount={1} onPageChange={jest.fn()} />);
    expect(container).toBeEmptyDOMElement();
  });

  it("shows a window of 5 page buttons with the current page marked", () => {
    render(<Pagination page={10} pageCount={20} onPageChange={jest.fn()} label="Statements pages" />);
    expect(pageButtons()).toEqual(["8", "9", "10", "11", "12"]);
    expect(screen.getByRole("button", { name: "Page 10" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("button", { name: "Page 9" })).not.toHaveAttribute("aria-current");
  });

  it.each([
    [1, true, false],
    [3, false, false],
    [5, false, true],
  ])("on page %p of 5: Previous disabled=%p, Next disabled=%p", (page, prevDisabled, nextDisabled) => {
    render(<Pagination page={page} pageCount={5} onPageChange={jest.fn()} />);
    expect(screen.getByRole("button", { name: "Previous" }))[prevDisabled ? "toBeDisabled" : "toBeEnabled"]();
    expect(screen.getByRole("button", { name: "Next" }))[nextDisabled ? "toBeDisabled" : "toBeEnabled"]();
  });

  it("reports the chosen page", async () => {
    const onPageChange = jest.fn();
    render(<Pagination page={3} pageCount={5} onPageChange={onPageChange} />);
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    await userEvent.click(screen.getByRole("button", { name: "Previous" }));
    await userEvent.click(screen.getByRole("button", { name: "Page 5" }));
    expect(onPageChange.mock.calls).toEqual([[4], [2], [5]]);
  });

  it("pages through a list and moves the window", async () => {
    const user = userEvent.setup();
    render(<StatementList initialTotal={95} />);
    expect(listed()).toHaveLength(10);
    expect(listed()[0]).toBe("Statement 1");
    await user.click(screen.getByRole("button", { name: "Page 5" }));
    expect(listed()[0]).toBe("Statement 41");
    expect(pageButtons()).toEqual(["3", "4", "5", "6", "7"]);
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(listed()[0]).toBe("Statement 51");
  });

  it("returns to page 1 when the total changes", async () => {
    const user = userEvent.setup();
    render(<StatementList initialTotal={95} />);
    await user.click(screen.getByRole("button", { name: "Page 4" }));
    expect(listed()[0]).toBe("Statement 31");
    await user.click(screen.getByRole("button", { name: "Remove one" }));
    expect(listed()[0]).toBe("Statement 1");
    expect(screen.getByRole("button", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
  });

  it("returns to page 1 when the page size changes", async () => {
    const user = userEvent.setup();
    render(<StatementList initialTotal={95} />);
    await user.click(screen.getByRole("button", { name: "Page 3" }));
    await user.click(screen.getByRole("button", { name: "20 per page" }));
    expect(listed()).toHaveLength(20);
    expect(listed()[0]).toBe("Statement 1");
    expect(pageButtons()).toEqual(["1", "2", "3", "4", "5"]);
  });
});
