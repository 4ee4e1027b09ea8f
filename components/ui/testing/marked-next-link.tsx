import type { ReactNode } from "react";

/**
 * next/link for tests: a plain anchor marked data-next-link, which tells next/link's anchors apart
 * from plain ones. Stands in for a module with a default export, hence the default:
 * jest.mock("next/link", () => jest.requireActual("@/components/ui/testing/marked-next-link"));
 */
export default function MarkedNextLink({ children, ...props }: { children: ReactNode; href: string }) {
  return (
    <a data-next-link="" {...props}>
      {children}
    </a>
  );
}
