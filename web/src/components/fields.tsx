import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';

/**
 * A labelled select. The label names it with `for`/`id` rather than by wrapping it: a wrapping label's
 * text would also carry every option's text, which is not the field's name.
 */
export function SelectField({ label, className, children, ...rest }: { label: ReactNode } & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      <select id={id} {...rest}>{children}</select>
    </div>
  );
}
