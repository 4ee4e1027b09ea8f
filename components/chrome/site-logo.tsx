import { AppLink } from "@/components/ui/app-link";
import { classNames } from "@/components/ui/class-names";
import { focusRing } from "@/components/ui/focus-ring";
import { SITE } from "./site-links";

/**
 * The logo, always a link back to the home route (SPEC 2). `lazy` where it sits below the first
 * screen (the footer): an SVG image is parsed on the page's main thread, and one fetched eagerly
 * lands just before the first paint (issue 24).
 */
export function SiteLogo({ className, lazy = false }: { className?: string; lazy?: boolean }) {
  return (
    <AppLink href={SITE.homeHref} className={classNames("inline-flex shrink-0 rounded", focusRing, className)}>
      {/* A plain img: the SVG needs no optimisation and next/image would not resize it anyway. */}
      {/* On a phone only the mark (app/icon.svg), so the top bar stays one row at 320 px. */}
      <picture>
        <source media="(max-width: 640px)" srcSet="/icon.svg" width={32} height={32} />
        <img
          src={SITE.logo.src}
          width={SITE.logo.width}
          height={SITE.logo.height}
          alt={`${SITE.name} home`}
          className="h-8 w-auto"
          {...(lazy ? { loading: "lazy", decoding: "async" } : {})}
        />
      </picture>
    </AppLink>
  );
}
