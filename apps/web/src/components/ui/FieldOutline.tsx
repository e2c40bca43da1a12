/**
 * A field's outline with a gap in its top edge as wide as the label that sits there (the notch,
 * sized by an invisible copy of the label). Drawn by TextField, Select and NativeSelect, each
 * with its own classes.
 */
export function FieldOutline({
  label,
  className,
  notchClassName,
}: {
  label: string;
  className?: string;
  notchClassName?: string;
}) {
  return (
    <fieldset aria-hidden className={className}>
      <legend className={notchClassName}>
        <span>{label}</span>
      </legend>
    </fieldset>
  );
}
