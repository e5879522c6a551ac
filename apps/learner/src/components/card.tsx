import type { HTMLAttributes, ReactNode } from 'react';

interface CardProps extends HTMLAttributes<HTMLElement> {
  /** No inner padding (a cover image reaching the edges). */
  flush?: boolean;
  as?: 'section' | 'article' | 'div' | 'li';
  children: ReactNode;
}

/** A white surface grouping one thing. */
export function Card({ flush, as: Tag = 'section', className, children, ...rest }: CardProps) {
  const classes = ['card', flush && 'card--flush', className].filter(Boolean).join(' ');
  return (
    <Tag {...rest} className={classes}>
      {children}
    </Tag>
  );
}
