/**
 * A decorative stroke icon on the 24x24 grid: hidden from assistive technology, since the control or
 * text beside it carries the name. One path, drawn in the current text colour.
 */
/** The paths more than one control draws: the menu's three bars and the close cross. */
export const MENU_ICON_PATH = "M4 6h16M4 12h16M4 18h16";
export const CLOSE_ICON_PATH = "M6 6l12 12M18 6L6 18";

export function StrokeIcon({
  path,
  size = 24,
  strokeWidth = 2,
  roundJoins = false,
  className,
}: {
  path: string;
  size?: number;
  strokeWidth?: number;
  /** Round corners where segments meet (the sidebar's outline set); the default is the SVG's mitre. */
  roundJoins?: boolean;
  className?: string;
}) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin={roundJoins ? "round" : undefined}
      className={className}
    >
      <path d={path} />
    </svg>
  );
}
