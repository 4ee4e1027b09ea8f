import { classNames } from "@/components/ui/class-names";
import { focusRing } from "@/components/ui/focus-ring";
import { CONTACT } from "@/components/chrome/site-links";

const linkClass = classNames("rounded font-medium text-brand underline underline-offset-2", focusRing);

/** "Questions?" with the support e-mail and phone of the footer. */
export function SupportLine() {
  return (
    <p className="text-sm text-gray-700">
      Questions? Email{" "}
      <a href={`mailto:${CONTACT.email}`} className={linkClass}>
        {CONTACT.email}
      </a>{" "}
      or call{" "}
      <a href={`tel:${CONTACT.phone.tel}`} className={linkClass}>
        {CONTACT.phone.display}
      </a>
      .
    </p>
  );
}
