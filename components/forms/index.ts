export { useZodForm, type Draft, type DraftOptions, type FormApi, type SubmitHelpers, type UseZodFormOptions } from "./use-zod-form";
export { useSubmitOnce } from "./use-submit-once";
export { lazySchema, loadedSchema, type SchemaSource } from "./lazy-schema";
export { FieldShell, inputClass, type ControlProps } from "./field-shell";
export { FormField, type BoundFieldProps, type BoundControlProps, type FieldName } from "./form-field";
export { TextField } from "./text-field";
export { PhoneField, SsnField, MoneyField, DigitsField } from "./masked-fields";
export { SelectField, IntegerField, DateField, YesNoField, type Option } from "./choice-fields";
export { DraftRestored, Form, FormError, SaveOrCancel, SubmitButton, primaryButtonClass } from "./form";
