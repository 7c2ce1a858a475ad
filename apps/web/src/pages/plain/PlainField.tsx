import { type InputHTMLAttributes, useId, useState } from 'react';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'onChange' | 'value'> & {
  label: string;
  value: string;
  onChange(value: string): void;
  /** The message under the field; the input is marked invalid and described by it. */
  error?: string | null;
};

/**
 * A labelled input with its message under it, styled like antd's vertical Form.Item and Input (styles.css
 * `.plain-field`): the sign-in page's fields without antd's form machinery. A password field gets a Show/Hide
 * button, as antd's Input.Password has; its name is its visible word, so "Password" still names only the input.
 */
export function PlainField({ label, value, onChange, error, type = 'text', ...input }: Props) {
  const id = useId();
  const [revealed, setRevealed] = useState(false);
  const isPassword = type === 'password';
  return (
    <div className={error ? 'plain-field plain-field-invalid' : 'plain-field'}>
      <label htmlFor={id}>{label}</label>
      <div className="plain-input">
        <input
          {...input}
          id={id}
          type={isPassword && revealed ? 'text' : type}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {isPassword ? (
          <button
            type="button"
            className="plain-input-reveal"
            aria-controls={id}
            onClick={() => setRevealed((shown) => !shown)}
          >
            {revealed ? 'Hide' : 'Show'}
          </button>
        ) : null}
      </div>
      {error ? (
        <div id={`${id}-error`} className="plain-field-error" role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}
