"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import type { z } from "zod";
import { useZodForm, type UseZodFormOptions } from "@/components/forms";
import type { PersonalActionResult } from "../actions";
import { afterSubmit } from "./after-submit";

/**
 * A saved fact of /personal shown with a button that opens its form in place (the review's
 * changes, the account settings): opening starts from what is saved, a save goes through
 * afterSubmit, then closes the form and re-reads the page; `saved` says the last save went through.
 */
export function useEditInPlace<S extends z.ZodType<unknown, Record<string, unknown>>>({
  schema,
  initialValues,
  action,
}: Pick<UseZodFormOptions<S>, "schema" | "initialValues"> & {
  action: (input: unknown, idempotencyKey?: string) => Promise<PersonalActionResult>;
}) {
  const router = useRouter();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const form = useZodForm({
    schema,
    initialValues,
    onSubmit: async (values, helpers) => {
      if (await afterSubmit(await action(values, helpers.idempotencyKey), helpers)) {
        setEditing(false);
        setSaved(true);
        router.refresh();
      }
    },
  });
  return {
    form,
    editing,
    saved,
    open: () => {
      form.reset(initialValues);
      setSaved(false);
      setEditing(true);
    },
    cancel: () => setEditing(false),
  };
}
