"use client";

import { useRouter } from "next/navigation";
import { startTransition, useState } from "react";
import type { z } from "zod";
import { useInPlaceFocus, useZodForm, type UseZodFormOptions } from "@/components/forms";
import type { PersonalActionResult } from "../actions";
import { afterSubmit } from "./after-submit";

/**
 * A saved fact of /personal shown with a button that opens its form in place (the review's
 * changes, the account settings): opening starts from what is saved and moves focus to the form's
 * first field; Cancel, Escape or a save closes it and returns focus to the button (useInPlaceFocus);
 * a save goes through afterSubmit, then re-reads the page; `saved` is what the polite live region
 * says about the last save (`savedMessage`), null until one went through.
 */
export function useEditInPlace<S extends z.ZodType<unknown, Record<string, unknown>>>({
  schema,
  initialValues,
  action,
  savedMessage = "Your changes were saved.",
}: Pick<UseZodFormOptions<S>, "schema" | "initialValues"> & {
  action: (input: unknown, idempotencyKey?: string) => Promise<PersonalActionResult>;
  savedMessage?: string | ((values: z.output<S>) => string);
}) {
  const router = useRouter();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const cancel = () => setEditing(false);
  // Escape cancels like the Cancel button, which is disabled while a save is on its way.
  const { opener, region } = useInPlaceFocus<HTMLButtonElement, HTMLDivElement>(editing, () => {
    if (!form.pending) cancel();
  });
  const form = useZodForm({
    schema,
    initialValues,
    onSubmit: async (values, helpers) => {
      if (await afterSubmit(await action(values, helpers.idempotencyKey), helpers)) {
        setEditing(false);
        setSaved(typeof savedMessage === "function" ? savedMessage(values) : savedMessage);
        router.refresh();
      }
    },
  });
  return {
    form,
    editing,
    saved,
    opener,
    region,
    // The form is rendered as a transition (issue 52): the press paints at once, and the form's first
    // render, a whole form's at a phone's speed, yields to the browser instead of holding that frame.
    open: () =>
      startTransition(() => {
        form.reset(initialValues);
        setSaved(null);
        setEditing(true);
      }),
    cancel,
  };
}
