import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';

export type ButtonVariant = 'primary' | 'secondary' | 'text' | 'danger';

function buttonClass(variant: ButtonVariant, block?: boolean, extra?: string) {
  return ['button', `button--${variant}`, block && 'button--block', extra]
    .filter(Boolean)
    .join(' ');
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /** Full width. */
  block?: boolean;
  /** Work in progress: a spinner, and presses are ignored (the button keeps its focus). */
  busy?: boolean;
  children: ReactNode;
}

/** A button; while `busy` it stays focusable and says so (aria-disabled, not disabled). */
export function Button({
  variant = 'primary',
  block,
  busy,
  className,
  children,
  onClick,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={buttonClass(variant, block, className)}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      onClick={(event) => {
        if (busy) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
    >
      {busy && <span className="spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}

interface LinkButtonProps extends LinkProps {
  variant?: ButtonVariant;
  block?: boolean;
}

/** A link that looks like a button (navigation stays a link for assistive technology). */
export function LinkButton({ variant = 'primary', block, className, ...rest }: LinkButtonProps) {
  return <Link {...rest} className={buttonClass(variant, block, className)} />;
}
