import type { ReactNode } from "react";

/** A page section's heading, named by id so that its section or form can be labelled by it (aria-labelledby). */
export function SectionTitle({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h2 id={id} className="text-xl font-bold text-brand-dark">
      {children}
    </h2>
  );
}
