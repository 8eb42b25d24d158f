// A labelled input with its validation message (Pico styles aria-invalid and the helper text).
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

export interface TextFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'onChange' | 'value'
> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
  hint?: ReactNode;
}

export function TextField({
  label,
  value,
  onValueChange,
  error,
  hint,
  id,
  ...input
}: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const messageId = `${inputId}-message`;
  // The message sits outside the <label> so the control's accessible name is the label alone.
  return (
    <div className="app-field">
      <label htmlFor={inputId}>{label}</label>
      <input
        {...input}
        id={inputId}
        value={value}
        onChange={(e) => onValueChange(e.currentTarget.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? messageId : undefined}
      />
      {(error || hint) && <small id={messageId}>{error || hint}</small>}
    </div>
  );
}
