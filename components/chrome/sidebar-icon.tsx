import { StrokeIcon } from "@/components/ui/stroke-icon";
import type { SidebarIconName } from "./sidebar-items";

/** 24x24 stroke outlines; decorative, since every item also carries its label as text. */
const PATHS: Record<SidebarIconName, string> = {
  dashboard: "M3 3h8v8H3zM13 3h8v5h-8zM13 10h8v11h-8zM3 13h8v8H3z",
  profile: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0",
  upload: "M12 16V4M7 9l5-5 5 5M4 16v4h16v-4",
  loan: "M3 6h18v12H3zM3 10h18M7 15h3",
  history: "M3 12a9 9 0 1 0 3-6.7M3 4v5h5M12 7v5l3 3",
  referral: "M8 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM2 20a6 6 0 0 1 12 0M17 8v6M14 11h6",
  education: "M2 9l10-5 10 5-10 5zM6 11v5c3 2 9 2 12 0v-5",
  hotline: "M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2z",
  statements: "M6 2h9l5 5v15H6zM14 2v6h6M9 13h8M9 17h8",
  faq: "M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.7.3-1 .9-1 1.7M12 17h.01",
  review: "M9 11l3 3 8-8M20 12v7a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h11",
  sign: "M3 21h18M5 17l10-10 3 3-10 10H5zM13 9l3 3",
  servicing:
    "M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM19 12l2-1-1-3-2 .3-1.5-1.5L17 5l-3-1-1 2h-2l-1-2-3 1 .5 2L6 8.5 4 8l-1 3 2 1v0l-2 1 1 3 2-.3 1.5 1.5L7 19l3 1 1-2h2l1 2 3-1-.5-2 1.5-1.5 2 .5 1-3z",
  verifications: "M12 2l8 3v6c0 5-3.5 9-8 11-4.5-2-8-6-8-11V5zM8.5 12l2.5 2.5 4.5-5",
};

export function SidebarIcon({ name }: { name: SidebarIconName }) {
  return <StrokeIcon path={PATHS[name]} strokeWidth={1.75} roundJoins className="shrink-0" />;
}

export function LogoutIcon() {
  return <StrokeIcon path="M15 4h4v16h-4M10 8l-4 4 4 4M6 12h11" strokeWidth={1.75} roundJoins className="shrink-0" />;
}
