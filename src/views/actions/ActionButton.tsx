/**
 * A button that stays focusable when its action does not apply: `aria-disabled` instead of
 * `disabled`, so keyboard and screen-reader users can reach it and hear why (the reason is its
 * tooltip and its accessible description).
 */
import { useId, type ReactNode } from 'react';

interface Props {
  onClick: () => void;
  /** Why the action does not apply here; null when it does. */
  disabledReason: string | null;
  /** The tooltip when it applies. */
  title: string;
  testId: string;
  className?: string;
  children: ReactNode;
}

export function ActionButton({
  onClick,
  disabledReason,
  title,
  testId,
  className,
  children,
}: Props) {
  const id = useId();
  const disabled = disabledReason !== null;
  return (
    <>
      <button
        type="button"
        className={className}
        data-testid={testId}
        title={disabled ? disabledReason : title}
        aria-disabled={disabled || undefined}
        aria-describedby={disabled ? id : undefined}
        onClick={disabled ? undefined : onClick}
      >
        {children}
      </button>
      {disabled && (
        <span id={id} className="act-sr-only">
          {disabledReason}
        </span>
      )}
    </>
  );
}
