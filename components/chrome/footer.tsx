import { AppLink } from "@/components/ui/app-link";
import { classNames } from "@/components/ui/class-names";
import { ExternalLink } from "@/components/ui/external-link";
import { focusRing } from "@/components/ui/focus-ring";
import { APP_VERSION } from "./app-version";
import { loanTermsText } from "./loan-terms";
import { CONTACT, LEGAL_LINKS, SOCIAL_LINKS, TRUST_BADGES } from "./site-links";
import { SiteLogo } from "./site-logo";
import { TrustBadge } from "./trust-badge";

const linkClass = classNames("rounded text-brand underline-offset-2 hover:underline", focusRing);

/** The site footer (SPEC 2): no state, so it renders on the server. */
export function Footer() {
  return (
    <footer className="border-t border-gray-200 bg-gray-50 text-sm text-ink">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 md:grid-cols-3">
        <div className="flex flex-col gap-4">
          <SiteLogo />
          <address className="flex flex-col gap-1 not-italic">
            <a href={`mailto:${CONTACT.email}`} className={linkClass}>
              {CONTACT.email}
            </a>
            <a href={`tel:${CONTACT.phone.tel}`} className={linkClass}>
              {CONTACT.phone.display}
            </a>
          </address>
        </div>

        <nav aria-label="Footer">
          <ul className="flex flex-col gap-2">
            {LEGAL_LINKS.map((link) => (
              <li key={link.href}>
                <AppLink href={link.href} className={linkClass}>
                  {link.label}
                </AppLink>
              </li>
            ))}
            {SOCIAL_LINKS.map((link) => (
              <li key={link.href}>
                <ExternalLink href={link.href} className={linkClass}>
                  {link.label}
                </ExternalLink>
              </li>
            ))}
          </ul>
        </nav>

        <ul className="flex flex-wrap items-start gap-3" aria-label="Trust badges">
          {TRUST_BADGES.map((badge) => (
            <li key={badge.href}>
              <ExternalLink href={badge.href} className={classNames("inline-block rounded", focusRing)}>
                <TrustBadge badge={badge} />
              </ExternalLink>
            </li>
          ))}
        </ul>
      </div>

      <div className="mx-auto flex max-w-6xl flex-col gap-2 border-t border-gray-200 px-4 py-6 text-xs leading-relaxed text-gray-700">
        {loanTermsText().map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
        <p data-testid="app-version">Version {APP_VERSION}</p>
      </div>
    </footer>
  );
}
