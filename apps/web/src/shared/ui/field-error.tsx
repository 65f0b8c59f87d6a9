/** A field's error line, announced when it appears; `id` lets the field point at it. */
export const FieldError = ({ id, text }: { id?: string; text: string | undefined }) =>
  text ? (
    <p id={id} className="field__error" role="alert">
      {text}
    </p>
  ) : null;
