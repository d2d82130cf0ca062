import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

/**
 * A labelled input of the plain UI (src/ui/plain.css), as Joy's FormControl + Input draw it: the
 * label names the input, the message is tied to it (aria-describedby) and marks it invalid, and
 * an optional button sits at its end (a password's show/hide).
 */
export function PlainField({
  label,
  error,
  endButton,
  inputRef,
  ...input
}: {
  label: string;
  error?: string;
  endButton?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'aria-invalid' | 'aria-describedby'>) {
  const id = useId();
  const messageId = `${id}-message`;
  return (
    <div className="plain-field" data-invalid={error ? '' : undefined}>
      <label className="plain-label" htmlFor={id}>
        {label}
      </label>
      <div className="plain-input">
        <input {...input} ref={inputRef} id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? messageId : undefined} />
        {endButton}
      </div>
      {error && (
        <p className="plain-field-message" id={messageId}>
          {error}
        </p>
      )}
    </div>
  );
}
