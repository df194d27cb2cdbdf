// Text that comes from the portal (names, titles, descriptions, identifiers), shown so that it
// cannot disturb what surrounds it: a bidi isolate (<bdi>, direction from its own first letter)
// keeps a right-to-left override character inside the text it came with, and a long word wraps
// instead of widening the page.
import { Fragment, type ReactNode } from 'react';
import { refusePluralInDev } from '#lib/i18n.tsx';
import styles from './portal-text.module.css';

export function PortalText({
  children,
  className,
}: {
  children: string | number | null | undefined;
  className?: string;
}) {
  return <bdi className={className ? `${styles.text} ${className}` : styles.text}>{children}</bdi>;
}

/**
 * A table cell that holds portal text alone, without a <bdi> in every row: a cell is a paragraph
 * of its own, so an override inside cannot reach past it, and `dir="auto"` takes the direction
 * from the text's first letter as <bdi> does; long words wrap the same way.
 */
export const portalTextCell = { dir: 'auto', className: styles.text } as const;

/**
 * Like `fill`, but for sentences that hold portal text: each value is a node (usually a
 * <PortalText>) so that it is isolated from the words around it; the result renders inline.
 */
export function fillNodes(template: string, values: Record<string, ReactNode>): ReactNode[] {
  refusePluralInDev(template);
  return template.split(/(\{\w+\})/).map((part, i) => {
    const key = /^\{(\w+)\}$/.exec(part)?.[1];
    return key !== undefined && key in values ? <Fragment key={i}>{values[key]}</Fragment> : part;
  });
}
