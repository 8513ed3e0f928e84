import { createElement, type HTMLAttributes, type ReactNode } from 'react';
import styles from './card.module.css';

const join = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

type CardProps = HTMLAttributes<HTMLElement> & {
  /** `li` in a `CardList`; `section`, `form`, `details` or `dl` where the card is one. */
  as?: 'div' | 'li' | 'section' | 'form' | 'details' | 'dl';
  /** The tinted card of what to do first (the review of due cards). */
  highlight?: boolean;
  /** More room inside (`--space-5`): the shop's and the studio's panels. */
  spacious?: boolean;
  /** For `as="form"`. */
  noValidate?: boolean;
  /** The screen's layout for the card's content (a grid, another gap); the look is the card's. */
  className?: string;
};

/** A bordered, raised block on the page: its blocks in a column. */
export function Card({ as = 'div', highlight = false, spacious = false, className, ...props }: CardProps) {
  return createElement(as, { ...props, className: join(styles.card, highlight && styles.highlight, spacious && styles.spacious, className) });
}

/** The cards as a list (`ol` where the order means something), one `Card as="li"` each. */
export function CardList({ as: List = 'ul', children, ...props }: Omit<HTMLAttributes<HTMLUListElement | HTMLOListElement>, 'className'> & { as?: 'ul' | 'ol'; children: ReactNode }) {
  return (
    <List {...props} className={styles.list}>
      {children}
    </List>
  );
}

/** A card's h3. */
export function CardTitle({ children }: { children: ReactNode }) {
  return <h3 className={styles.title}>{children}</h3>;
}

/** A muted line of text in a card or a section (a description, an empty list's hint). */
export function CardText({ children }: { children: ReactNode }) {
  return <p className={styles.text}>{children}</p>;
}

/** A card's small facts in a row (counts, a badge), wrapping. */
export function CardMeta({ children }: { children: ReactNode }) {
  return <p className={styles.meta}>{children}</p>;
}

/** A small pill in a card's facts ("Eigen set", "Gedeeld"). */
export function CardBadge({ children }: { children: ReactNode }) {
  return <span className={styles.badge}>{children}</span>;
}

/** A card's (or a section's) buttons in a row, wrapping. */
export function CardActions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}
